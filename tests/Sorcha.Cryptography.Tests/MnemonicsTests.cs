using System.Security.Cryptography;
using System.Text.Json;

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

    /// <summary>Vectors/bip39.json: the official English vectors (12, 18, 24 words) and 15- and 21-word rows from the reference implementation.</summary>
    public static TheoryData<string, string, string> Bip39Vectors()
    {
        var data = new TheoryData<string, string, string>();
        using var file = JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Vectors", "bip39.json")));
        foreach (var set in new[] { "english", "reference" })
        {
            foreach (var row in file.RootElement.GetProperty(set).EnumerateArray())
            {
                data.Add(row[0].GetString()!, row[1].GetString()!, row[2].GetString()!);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Bip39Vectors))]
    public void Trezor_vectors_entropy_mnemonic_and_seed_match(string entropyHex, string mnemonic, string seedHex)
    {
        Assert.Equal(mnemonic, Mnemonics.FromEntropy(Hashes.FromHex(entropyHex)));
        Assert.True(Mnemonics.IsValid(mnemonic));
        Assert.True(Mnemonics.TryGetEntropy(mnemonic, out var entropy));
        Assert.Equal(entropyHex, Hashes.ToHex(entropy));
        Assert.Equal(seedHex, Hashes.ToHex(Mnemonics.ToSeed(mnemonic, "TREZOR")));
    }

    [Fact]
    public void Vectors_cover_every_word_count()
    {
        var counts = Bip39Vectors().Select(row => ((string)row[1]).Split(' ').Length).ToHashSet();
        Assert.Equal(Mnemonics.WordCounts.Order(), counts.Order());
    }

    [Theory]
    [InlineData(12)]
    [InlineData(15)]
    [InlineData(18)]
    [InlineData(21)]
    [InlineData(24)]
    public void Generate_word_count_gives_that_many_valid_words(int words)
    {
        var mnemonic = Mnemonics.Generate(words);
        Assert.Equal(words, mnemonic.Split(' ').Length);
        Assert.Equal(words, Mnemonics.CountWords(mnemonic));
        Assert.True(Mnemonics.IsValid(mnemonic));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(11)]
    [InlineData(13)]
    [InlineData(27)]
    public void Generate_other_word_counts_throw(int words) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => Mnemonics.Generate(words));

    [Fact]
    public void To_seed_passphrase_is_nfkd_normalized_as_the_reference_implementation()
    {
        using var file = JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "Vectors", "bip39.json")));
        var vector = file.RootElement.GetProperty("nfkd");
        var mnemonic = vector.GetProperty("mnemonic").GetString()!;
        var composed = vector.GetProperty("passphrase_nfc").GetString()!;
        Assert.Equal("caf\u00e9", composed);
        Assert.Equal(vector.GetProperty("seed").GetString(), Hashes.ToHex(Mnemonics.ToSeed(mnemonic, composed)));
        Assert.Equal(vector.GetProperty("seed").GetString(), Hashes.ToHex(Mnemonics.ToSeed(mnemonic, "cafe\u0301")));
        Assert.NotEqual(Mnemonics.ToSeed(mnemonic, "cafe"), Mnemonics.ToSeed(mnemonic, composed));
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
        // This project runs with ICU (InvariantGlobalization off, as the Wallet service): the NFC and NFD spellings give
        // one seed. Under InvariantGlobalization the library would refuse rather than derive a seed other wallets do not.
        Assert.Equal(Mnemonics.ToSeed(Abandon23Art, "caf\u00e9"), Mnemonics.ToSeed(Abandon23Art, "cafe\u0301"));
    }
}
