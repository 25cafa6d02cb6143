using System.Text;

namespace Sorcha.Cryptography.Tests;

public class HashesTests
{
    [Fact]
    public void Sha256_Abc_MatchesFips180Vector() =>
        Assert.Equal("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", Hashes.ToHex(Hashes.Sha256("abc"u8)));

    [Fact]
    public void ToHex_Bytes_IsLowercase() => Assert.Equal("00ab0fff", Hashes.ToHex([0x00, 0xAB, 0x0F, 0xFF]));

    [Theory]
    [InlineData("00ab0fff")]
    [InlineData("00AB0FFF")]
    [InlineData("")]
    public void TryFromHex_ValidHex_RoundTrips(string hex)
    {
        Assert.True(Hashes.TryFromHex(hex, out var bytes));
        Assert.Equal(hex.ToLowerInvariant(), Hashes.ToHex(bytes));
    }

    [Theory]
    [InlineData("abc")]
    [InlineData("zz")]
    [InlineData("0g")]
    [InlineData(" 00")]
    [InlineData(null)]
    public void TryFromHex_InvalidHex_ReturnsFalse(string? hex) => Assert.False(Hashes.TryFromHex(hex, out _));

    [Fact]
    public void FromHex_InvalidHex_ThrowsFormatException() => Assert.Throws<FormatException>(() => Hashes.FromHex("xyz1"));

    [Fact]
    public void Sha256_Empty_MatchesKnownValue() =>
        Assert.Equal("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", Hashes.ToHex(Hashes.Sha256(Encoding.UTF8.GetBytes(""))));
}
