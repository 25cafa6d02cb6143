using System.Security.Cryptography;
using System.Text;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Templates;

/// <summary>
/// Every Redis key of the template family (only <c>TemplateStore</c> uses them). A template is private to its creator,
/// so the hash tag is the owner (<c>{tpl:&lt;hash of subject&gt;}</c>): a template, the owner's listing (which is also
/// its quota count) and the listing's counter share one slot, and a creation or deletion is one script. A caller
/// looks only under its own tag, so another caller's template is simply not found there (404).
/// </summary>
public static class TemplateKeys
{
    /// <summary>String: the TemplateRecord JSON.</summary>
    public static RedisKey Template(string owner, string id) => $"{Tag(owner)}:t:{id}";

    /// <summary>Sorted set of the owner's template ids scored by <see cref="Sequence"/>: the listing and the Limits:Quotas:Templates count.</summary>
    public static RedisKey Index(string owner) => $"{Tag(owner)}:index";

    /// <summary>Counter: the owner's next listing sequence.</summary>
    public static RedisKey Sequence(string owner) => $"{Tag(owner)}:seq";

    /// <summary>Every key this family may write, as anchored regular expressions (checked by the key-catalogue test).</summary>
    public static readonly IReadOnlyList<string> Patterns =
    [
        @"^\{tpl:[0-9a-f]{32}\}:(t:[0-9a-f]{32}|index|seq)$",
    ];

    // Subjects may hold any character (a brace would move the hash tag), so the tag holds a hash of the subject.
    private static string Tag(string owner) =>
        $"{{tpl:{Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(owner)))[..32]}}}";
}
