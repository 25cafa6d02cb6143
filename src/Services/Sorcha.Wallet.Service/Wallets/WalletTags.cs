using Sorcha.ApiPlatform.Api;

namespace Sorcha.Wallet.Service.Wallets;

/// <summary>
/// A wallet's tags: a map of short keys to short values, for the owner's own bookkeeping (never read by Sorcha).
/// A PATCH merges into them as JSON Merge Patch (RFC 7396) does: a string sets a key, null removes it, keys not named
/// stay; <c>"tags": null</c> removes them all. Bounded so that a record stays a few KiB.
/// </summary>
public static class WalletTags
{
    public const int MaxTags = 32;
    public const int MaxKeyLength = 64;
    public const int MaxValueLength = 256;

    public static readonly IReadOnlyDictionary<string, string> None = new Dictionary<string, string>();

    /// <summary>Adds an error for each key or value of the patch that breaks the rules.</summary>
    public static void Validate(IReadOnlyDictionary<string, string?> patch, FieldErrors errors)
    {
        if (patch.Count(p => p.Value is not null) > MaxTags)
        {
            errors.Add("tags", $"A wallet holds at most {MaxTags} tags.");
        }

        foreach (var (key, value) in patch)
        {
            if (!IsKey(key))
            {
                errors.Add("tags", $"Tag key '{Shorten(key)}' must be 1–{MaxKeyLength} characters of letters, digits and . _ - : /.");
            }
            else if (value is not null && (value.Length > MaxValueLength || value.Any(char.IsControl)))
            {
                errors.Add($"tags.{key}", $"A tag value is at most {MaxValueLength} characters, none of them control characters.");
            }
        }
    }

    /// <summary>The tags after the patch, in key order; the same instance when nothing changes.</summary>
    public static IReadOnlyDictionary<string, string> Merge(IReadOnlyDictionary<string, string>? current, IReadOnlyDictionary<string, string?>? patch)
    {
        var merged = new SortedDictionary<string, string>(StringComparer.Ordinal);
        if (patch is not null)
        {
            foreach (var (key, value) in current ?? None)
            {
                merged[key] = value;
            }

            foreach (var (key, value) in patch)
            {
                if (value is null)
                {
                    merged.Remove(key);
                }
                else
                {
                    merged[key] = value;
                }
            }
        }

        return merged;
    }

    public static bool Same(IReadOnlyDictionary<string, string>? a, IReadOnlyDictionary<string, string>? b) =>
        (a ?? None).Count == (b ?? None).Count && (a ?? None).All(p => (b ?? None).TryGetValue(p.Key, out var v) && v == p.Value);

    private static bool IsKey(string key) =>
        key.Length is > 0 and <= MaxKeyLength && key.All(c => char.IsAsciiLetterOrDigit(c) || c is '.' or '_' or '-' or ':' or '/');

    private static string Shorten(string key) => key.Length <= 40 ? key : key[..40] + "…";
}
