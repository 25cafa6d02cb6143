using System.Security.Cryptography;
using System.Text;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Attachments;

/// <summary>
/// The attachment family's Redis keys (only <see cref="AttachmentQuota"/> uses them). The files themselves live in
/// the register's transactions; here is only each caller's account, one key per caller, on any slot.
/// </summary>
public static class AttachmentKeys
{
    /// <summary>String: sealed attachment bytes the caller has committed (or reserved for a step in flight).</summary>
    public static RedisKey Charged(string caller) =>
        $"attach:charged:{Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(caller)))[..32]}";

    /// <summary>Every key this family may write, as anchored regular expressions (checked by the key-catalogue test).</summary>
    public static readonly IReadOnlyList<string> Patterns = [@"^attach:charged:[0-9a-f]{32}$"];
}
