using System.Text.Json;
using Sorcha.Cryptography;

namespace Sorcha.Ledger.Transactions;

/// <summary>
/// The wallets a transaction's payload is addressed to: <c>payload.envelopes[*].recipient</c>, the shape the Wallet
/// service's sealed transactions have (<c>{ "envelopes": [Envelope, …] }</c>). The payload is any JSON, so anything
/// else — no <c>envelopes</c>, an entry that is not an object, a recipient that is not an address — names no one:
/// a register's wallet index can only be asked for addresses, so nothing else is worth indexing.
/// </summary>
public static class PayloadRecipients
{
    public const string Envelopes = "envelopes";
    public const string Recipient = "recipient";

    /// <summary>The distinct recipient addresses, in the order they first appear.</summary>
    public static IReadOnlyList<string> Read(JsonElement payload)
    {
        if (payload.ValueKind != JsonValueKind.Object || !payload.TryGetProperty(Envelopes, out var envelopes)
            || envelopes.ValueKind != JsonValueKind.Array)
        {
            return [];
        }

        var seen = new HashSet<string>(StringComparer.Ordinal);
        var recipients = new List<string>();
        foreach (var envelope in envelopes.EnumerateArray())
        {
            if (envelope.ValueKind == JsonValueKind.Object && envelope.TryGetProperty(Recipient, out var recipient)
                && recipient.ValueKind == JsonValueKind.String && recipient.GetString() is { } address
                && !seen.Contains(address) && Addresses.TryParse(address, out _, out _))
            {
                seen.Add(address);
                recipients.Add(address);
            }
        }

        return recipients;
    }
}
