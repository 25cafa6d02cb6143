using System.Text;

namespace Sorcha.Cryptography.Tests;

public class HashesTests
{
    [Fact]
    public void Sha256_abc_matches_Fips180_vector() =>
        Assert.Equal("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", Hashes.ToHex(Hashes.Sha256("abc"u8)));

    [Fact]
    public void To_hex_bytes_is_lowercase() => Assert.Equal("00ab0fff", Hashes.ToHex([0x00, 0xAB, 0x0F, 0xFF]));

    [Theory]
    [InlineData("00ab0fff")]
    [InlineData("00AB0FFF")]
    [InlineData("")]
    public void Try_from_hex_valid_hex_round_trips(string hex)
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
    public void Try_from_hex_invalid_hex_returns_false(string? hex) => Assert.False(Hashes.TryFromHex(hex, out _));

    [Fact]
    public void From_hex_invalid_hex_throws_format_exception() => Assert.Throws<FormatException>(() => Hashes.FromHex("xyz1"));

    [Fact]
    public void Sha256_empty_matches_known_value() =>
        Assert.Equal("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", Hashes.ToHex(Hashes.Sha256(Encoding.UTF8.GetBytes(""))));
}
