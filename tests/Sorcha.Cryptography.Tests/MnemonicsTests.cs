using System.Security.Cryptography;

namespace Sorcha.Cryptography.Tests;

public class MnemonicsTests
{
    private static readonly string Abandon23Art = string.Join(' ', Enumerable.Repeat("abandon", 23)) + " art";

    [Fact]
    public void Word_list_embedded_file_is_official_Bip39_english()
    {
        using var stream = WordList.OpenResource();
        var bytes = new MemoryStream();
        stream.CopyTo(bytes);
        Assert.Equal("2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda", Hashes.ToHex(SHA256.HashData(bytes.ToArray())));
        Assert.Equal(2048, WordList.Words.Count);
        Assert.Equal("abandon", WordList.Words[0]);
        Assert.Equal("zoo", WordList.Words[2047]);
    }

    // trezor/python-mnemonic vectors.json (English, passphrase "TREZOR").
    [Theory]
    [InlineData("00000000000000000000000000000000", "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
        "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04")]
    [InlineData("7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f", "legal winner thank year wave sausage worth useful legal winner thank yellow",
        "2e8905819b8723fe2c1d161860e5ee1830318dbf49a83bd451cfb8440c28bd6fa457fe1296106559a3c80937a1c1069be3a3a5bd381ee6260e8d9739fce1f607")]
    [InlineData("80808080808080808080808080808080", "letter advice cage absurd amount doctor acoustic avoid letter advice cage above",
        "d71de856f81a8acc65e6fc851a38d4d7ec216fd0796d0a6827a3ad6ed5511a30fa280f12eb2e47ed2ac03b5c462a0358d18d69fe4f985ec81778c1b370b652a8")]
    [InlineData("ffffffffffffffffffffffffffffffff", "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong",
        "ac27495480225222079d7be181583751e86f571027b0497b5b5d11218e0a8a13332572917f0f8e5a589620c6f15b11c61dee327651a14c34e18231052e48c069")]
    [InlineData("0000000000000000000000000000000000000000000000000000000000000000", "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon art",
        "bda85446c68413707090a52022edd26a1c9462295029f2e60cd7c4f2bbd3097170af7a4d73245cafa9c3cca8d561a7c3de6f5d4a10be8ed2a5e608d68f92fcc8")]
    [InlineData("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo vote",
        "dd48c104698c30cfe2b6142103248622fb7bb0ff692eebb00089b32d22484e1613912f0a5b694407be899ffd31ed3992c456cdf60f5d4564b8ba3f05a69890ad")]
    public void Trezor_vectors_entropy_mnemonic_and_seed_match(string entropyHex, string mnemonic, string seedHex)
    {
        Assert.Equal(mnemonic, Mnemonics.FromEntropy(Hashes.FromHex(entropyHex)));
        Assert.True(Mnemonics.IsValid(mnemonic));
        Assert.True(Mnemonics.TryGetEntropy(mnemonic, out var entropy));
        Assert.Equal(entropyHex, Hashes.ToHex(entropy));
        Assert.Equal(seedHex, Hashes.ToHex(Mnemonics.ToSeed(mnemonic, "TREZOR")));
    }

    [Fact]
    public void Generate_produces_24_valid_distinct_words()
    {
        var first = Mnemonics.Generate();
        Assert.Equal(24, first.Split(' ').Length);
        Assert.True(Mnemonics.IsValid(first));
        Assert.NotEqual(first, Mnemonics.Generate());
    }

    [Fact]
    public void Is_valid_case_and_whitespace_are_normalized()
    {
        var messy = "  ABANDON\tabandon\n" + string.Join("   ", Enumerable.Repeat("Abandon", 21)) + " ART ";
        Assert.True(Mnemonics.IsValid(messy));
        Assert.Equal(Mnemonics.ToSeed(Abandon23Art), Mnemonics.ToSeed(messy));
    }

    [Theory]
    [InlineData("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon")] // bad checksum
    [InlineData("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about")] // 11 words
    [InlineData("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandonx")] // not a word
    [InlineData("")]
    [InlineData("   ")]
    public void Is_valid_invalid_returns_false(string mnemonic) => Assert.False(Mnemonics.IsValid(mnemonic));

    [Fact]
    public void Is_valid_wrong_checksum_on_24_words_returns_false() =>
        Assert.False(Mnemonics.IsValid(string.Join(' ', Enumerable.Repeat("abandon", 24))));

    [Theory]
    [InlineData(16)]
    [InlineData(20)]
    [InlineData(24)]
    [InlineData(28)]
    [InlineData(32)]
    public void From_entropy_every_length_round_trips(int bytes)
    {
        var entropy = RandomNumberGenerator.GetBytes(bytes);
        var mnemonic = Mnemonics.FromEntropy(entropy);
        Assert.Equal((bytes * 8 + (bytes / 4)) / 11, mnemonic.Split(' ').Length);
        Assert.True(Mnemonics.TryGetEntropy(mnemonic, out var back));
        Assert.Equal(entropy, back);
    }

    [Fact]
    public void To_seed_non_ascii_passphrase_normalizes_or_refuses()
    {
        // With ICU available the NFC and NFD spellings give one seed; under InvariantGlobalization NFKD is impossible
        // and the library refuses rather than derive a seed other wallets would not.
        try
        {
            Assert.Equal(Mnemonics.ToSeed(Abandon23Art, "caf\u00e9"), Mnemonics.ToSeed(Abandon23Art, "cafe\u0301"));
        }
        catch (PlatformNotSupportedException)
        {
        }
    }
}
