using System.Security.Cryptography;

namespace Sorcha.Cryptography.Tests;

public class AddressesTests
{
    private static readonly byte[] Rfc8032Test1PublicKey = Hashes.FromHex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");

    [Fact]
    public void From_public_key_matches_independent_construction()
    {
        byte[] payload = [1, .. SHA256.HashData(Rfc8032Test1PublicKey).AsSpan(0, 20)];
        var expected = ReferenceBech32.Encode("ws", ReferenceBech32.ToFiveBit(payload), ReferenceBech32.Bech32mConstant);
        Assert.Equal(expected, Addresses.FromPublicKey(SignatureAlgorithm.ED25519, Rfc8032Test1PublicKey));
        Assert.StartsWith("ws1", expected, StringComparison.Ordinal);
    }

    [Fact]
    public void From_public_key_same_key_same_address_and_algorithm_changes_it()
    {
        var a = Addresses.FromPublicKey(SignatureAlgorithm.ED25519, Rfc8032Test1PublicKey);
        Assert.Equal(a, Addresses.FromPublicKey(SignatureAlgorithm.ED25519, Rfc8032Test1PublicKey));
        Assert.NotEqual(a, Addresses.FromPublicKey(SignatureAlgorithm.NISTP256, Rfc8032Test1PublicKey));
    }

    [Fact]
    public void From_public_key_every_algorithm_same_length_parses_back()
    {
        var keys = new[]
        {
            (SignatureAlgorithm.ED25519, Signatures.Generate(SignatureAlgorithm.ED25519).PublicKey),
            (SignatureAlgorithm.NISTP256, Signatures.Generate(SignatureAlgorithm.NISTP256).PublicKey),
            (SignatureAlgorithm.RSA4096, SharedKeys.Rsa.PublicKey),
        };
        foreach (var (algorithm, publicKey) in keys)
        {
            var address = Addresses.FromPublicKey(algorithm, publicKey);
            Assert.Equal(Addresses.Length, address.Length);
            Assert.True(Addresses.TryParse(address, out var parsed, out var keyHash));
            Assert.Equal(algorithm, parsed);
            Assert.Equal(SHA256.HashData(publicKey).AsSpan(0, 20).ToArray(), keyHash);
            Assert.True(Addresses.Matches(address, algorithm, publicKey));
            Assert.False(Addresses.Matches(address, algorithm, Rfc8032Test1PublicKey));
        }
    }

    [Fact]
    public void Try_parse_wrong_hrp_returns_false()
    {
        byte[] payload = [1, .. new byte[20]];
        var other = ReferenceBech32.Encode("wx", ReferenceBech32.ToFiveBit(payload), ReferenceBech32.Bech32mConstant);
        Assert.True(Bech32m.TryDecode(other, out _, out _));
        Assert.False(Addresses.TryParse(other, out _, out _));
    }

    [Fact]
    public void Try_parse_Bech32_not_Bech32_m_checksum_returns_false()
    {
        byte[] payload = [1, .. SHA256.HashData(Rfc8032Test1PublicKey).AsSpan(0, 20)];
        var bech32 = ReferenceBech32.Encode("ws", ReferenceBech32.ToFiveBit(payload), ReferenceBech32.Bech32Constant);
        Assert.False(Addresses.TryParse(bech32, out _, out _));
    }

    [Fact]
    public void Try_parse_bad_checksum_or_case_returns_false()
    {
        var address = Addresses.FromPublicKey(SignatureAlgorithm.ED25519, Rfc8032Test1PublicKey);
        var last = address[^1] == 'q' ? 'p' : 'q';
        Assert.False(Addresses.TryParse(address[..^1] + last, out _, out _));
        Assert.False(Addresses.TryParse(address.ToUpperInvariant(), out _, out _));
        Assert.False(Addresses.TryParse(address[..^2], out _, out _));
        Assert.False(Addresses.TryParse(string.Empty, out _, out _));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(4)]
    [InlineData(255)]
    public void Try_parse_unknown_algorithm_id_returns_false(byte algorithmId)
    {
        byte[] payload = [algorithmId, .. new byte[20]];
        var address = ReferenceBech32.Encode("ws", ReferenceBech32.ToFiveBit(payload), ReferenceBech32.Bech32mConstant);
        Assert.False(Addresses.TryParse(address, out _, out _));
    }

    [Fact]
    public void Try_parse_wrong_payload_length_returns_false()
    {
        byte[] payload = [1, .. new byte[21]];
        var address = ReferenceBech32.Encode("ws", ReferenceBech32.ToFiveBit(payload), ReferenceBech32.Bech32mConstant);
        Assert.False(Addresses.TryParse(address, out _, out _));
    }
}
