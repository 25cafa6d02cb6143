using System.Collections.Frozen;

namespace Sorcha.Cryptography;

/// <summary>
/// The BIP-0039 English word list. english.txt is the official list (bitcoin/bips bip-0039/english.txt,
/// SHA-256 2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda), taken from the npm package
/// bip39@3.1.2 (src/wordlists/english.json, same 2048 words in the same order) and written one word per LF-terminated line.
/// </summary>
internal static class WordList
{
    public const int Count = 2048;
    public const string ResourceName = "Sorcha.Cryptography.Mnemonics.english.txt";

    private static readonly Lazy<(string[] Words, FrozenDictionary<string, int> Index)> _list = new(Load);

    public static IReadOnlyList<string> Words => _list.Value.Words;

    public static bool TryGetIndex(string word, out int index) => _list.Value.Index.TryGetValue(word, out index);

    internal static Stream OpenResource() =>
        typeof(WordList).Assembly.GetManifestResourceStream(ResourceName)
        ?? throw new InvalidOperationException($"Embedded resource {ResourceName} is missing.");

    private static (string[], FrozenDictionary<string, int>) Load()
    {
        using var reader = new StreamReader(OpenResource());
        // TrimEntries also drops a stray '\r', should a checkout ever have rewritten the line endings.
        var words = reader.ReadToEnd().Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        if (words.Length != Count)
        {
            throw new InvalidOperationException($"The BIP-39 word list has {words.Length} words instead of {Count}.");
        }

        return (words, words.Select((word, i) => (word, i)).ToFrozenDictionary(p => p.word, p => p.i, StringComparer.Ordinal));
    }
}
