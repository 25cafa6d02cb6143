namespace Sorcha.Cryptography.Tests;

public class Bech32mTests
{
    // BIP-350 "Test vectors for Bech32m": valid strings.
    [Theory]
    [InlineData("A1LQFN3A")]
    [InlineData("a1lqfn3a")]
    [InlineData("an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6")]
    [InlineData("abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx")]
    [InlineData("11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8")]
    [InlineData("split1checkupstagehandshakeupstreamerranterredcaperredlc445v")]
    [InlineData("?1v759aa")]
    public void Try_decode_Bip350_valid_strings_decode_and_reencode(string s)
    {
        Assert.True(Bech32m.TryDecode(s, out var hrp, out var data));
        Assert.Equal(s.ToLowerInvariant(), Bech32m.Encode(hrp, data));
    }

    // BIP-350 invalid strings (HRP out of range, too long, no separator, empty HRP, bad characters, short checksum,
    // checksum over an uppercase HRP) and BIP-173 valid Bech32 strings, which must fail under the Bech32m constant.
    [Theory]
    [InlineData("\u00201xj0phk")]
    [InlineData("\u007f1g6xzxy")]
    [InlineData("\u00801vctc34")]
    [InlineData("an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4")]
    [InlineData("qyrz8wqd2c9m")]
    [InlineData("1qyrz8wqd2c9m")]
    [InlineData("y1b0jsk6g")]
    [InlineData("lt1igcx5c0")]
    [InlineData("in1muywd")]
    [InlineData("mm1crxm3i")]
    [InlineData("au1s5cgom")]
    [InlineData("M1VUXWEZ")]
    [InlineData("16plkw9")]
    [InlineData("1p2gdwpf")]
    [InlineData("a12uel5l")]
    [InlineData("abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw")]
    [InlineData("A1lqfn3a")]
    public void Try_decode_invalid_strings_return_false(string s) => Assert.False(Bech32m.TryDecode(s, out _, out _));

    [Fact]
    public void Encode_matches_independent_reference()
    {
        var random = new Random(350);
        for (var i = 0; i < 100; i++)
        {
            var data = Enumerable.Range(0, random.Next(0, 60)).Select(_ => (byte)random.Next(32)).ToArray();
            Assert.Equal(ReferenceBech32.Encode("ws", data, ReferenceBech32.Bech32mConstant), Bech32m.Encode("ws", data));
        }
    }

    [Fact]
    public void Convert_bits_round_trips_and_rejects_bad_padding()
    {
        byte[] bytes = [0xff, 0x00, 0xab];
        var five = Bech32m.ConvertBits(bytes, 8, 5, pad: true);
        Assert.Equal(ReferenceBech32.ToFiveBit(bytes), five);
        Assert.Equal(bytes, Bech32m.ConvertBits(five, 5, 8, pad: false));

        var nonZeroPadding = (byte[])five.Clone();
        nonZeroPadding[^1] |= 1;
        Assert.Throws<FormatException>(() => Bech32m.ConvertBits(nonZeroPadding, 5, 8, pad: false));
        Assert.Throws<FormatException>(() => Bech32m.ConvertBits([.. five, 0], 5, 8, pad: false));
        Assert.Throws<FormatException>(() => Bech32m.ConvertBits([32], 5, 8, pad: false));
    }

    [Fact]
    public void Encode_uppercase_hrp_throws() => Assert.Throws<ArgumentException>(() => Bech32m.Encode("WS", [1, 2]));
}
