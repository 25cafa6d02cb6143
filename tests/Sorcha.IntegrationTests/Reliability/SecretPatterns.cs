using System.Text;

namespace Sorcha.IntegrationTests.Reliability;

/// <summary>
/// Byte patterns that would betray a secret, in every encoding a leak is likely to take: raw bytes, hex (either case),
/// base64 and base64url at each of the three byte alignments (so a key inside a larger base64'd structure is found
/// too), and text. Mnemonics are covered by every run of three consecutive words.
/// </summary>
public sealed class SecretPatterns
{
    private readonly List<(string Name, byte[] Pattern)> _patterns = [];

    public IReadOnlyList<(string Name, byte[] Pattern)> All => _patterns;

    public void AddKey(string name, byte[] key)
    {
        _patterns.Add((name + " (raw)", key));
        AddText(name + " (hex)", Convert.ToHexStringLower(key));
        AddText(name + " (HEX)", Convert.ToHexString(key));
        for (var offset = 0; offset < 3; offset++)
        {
            var encoded = Convert.ToBase64String([.. new byte[offset], .. key]);
            // Keep only the 4-character groups made of key bytes alone: those are the same wherever the key sits.
            var first = offset == 0 ? 0 : 4;
            var last = (offset + key.Length) % 3 == 0 ? encoded.Length : encoded.Length - 4;
            var inner = encoded[first..last];
            AddText($"{name} (base64+{offset})", inner);
            AddText($"{name} (base64url+{offset})", inner.Replace('+', '-').Replace('/', '_'));
        }
    }

    public void AddText(string name, string text) => _patterns.Add((name, Encoding.UTF8.GetBytes(text)));

    public void AddMnemonic(string name, string mnemonic)
    {
        var words = mnemonic.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        for (var i = 0; i + 3 <= words.Length; i++)
        {
            var run = words[i..(i + 3)];
            AddText($"{name} words {i}-{i + 2}", string.Join(' ', run));
            AddText($"{name} words {i}-{i + 2} (JSON array)", "\"" + string.Join("\",\"", run) + "\"");
        }
    }

    /// <summary>The names of the patterns found in <paramref name="haystack"/>.</summary>
    public IEnumerable<string> FoundIn(ReadOnlySpan<byte> haystack)
    {
        var found = new List<string>();
        foreach (var (name, pattern) in _patterns)
        {
            if (haystack.IndexOf(pattern) >= 0)
            {
                found.Add(name);
            }
        }

        return found;
    }
}
