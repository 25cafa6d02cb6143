using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Registers.Store;

/// <summary>
/// What one transaction adds to its register's indexes, decided in .NET before the append (the script only writes):
/// its sender and payload recipients (<see cref="Wallets"/>), its metadata blueprintId and instanceId, and its
/// metadata type for the stats' count. A value that is empty or longer than <see cref="MaxValueLength"/> characters
/// is not indexed: a filter that long is refused (400), so it could never be asked for.
/// </summary>
public sealed record TransactionIndex(IReadOnlyList<string> Wallets, string? BlueprintId, string? InstanceId, string? Type)
{
    /// <summary>The longest blueprintId, instanceId or type indexed, and the longest filter value a read accepts.</summary>
    public const int MaxValueLength = 256;

    /// <summary>Distinct types a register counts (<see cref="RegisterKeys.Types"/>); a new type past them is not counted.</summary>
    public const int MaxTypes = 1000;

    /// <summary>Sorted-set entries this transaction adds (the type's count is a field of a bounded hash, not an entry).</summary>
    public int Entries => Wallets.Count + (BlueprintId is null ? 0 : 1) + (InstanceId is null ? 0 : 1);

    /// <summary>The sender first, then every distinct recipient other than the sender.</summary>
    public static TransactionIndex Of(string sender, TransactionMetadata? metadata, IReadOnlyList<string> recipients)
    {
        var wallets = new List<string>(recipients.Count + 1) { sender };
        wallets.AddRange(recipients.Where(r => !string.Equals(r, sender, StringComparison.Ordinal)));
        return new TransactionIndex(wallets, Indexable(metadata?.BlueprintId), Indexable(metadata?.InstanceId), Indexable(metadata?.Type));
    }

    /// <summary>For a transaction already parsed without its payload at hand: reads the payload from its raw JSON.</summary>
    public static TransactionIndex Of(ParsedTransaction transaction)
    {
        using var document = JsonDocument.Parse(transaction.RawJson);
        return Of(transaction.Sender, transaction.Metadata,
            PayloadRecipients.Read(document.RootElement.GetProperty(TransactionFields.Payload)));
    }

    /// <summary>
    /// From a stored transaction (the backfill of registers older than the indexes). Its sender was checked at commit;
    /// one that is not an address now (a tampered store) is left out rather than written into a key.
    /// </summary>
    public static TransactionIndex Read(JsonElement transaction)
    {
        string? Text(JsonElement parent, string name) =>
            parent.ValueKind == JsonValueKind.Object && parent.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String
                ? value.GetString()
                : null;

        var metadata = transaction.TryGetProperty(TransactionFields.Metadata, out var m)
            ? new TransactionMetadata(Text(m, TransactionFields.MetadataType), Text(m, TransactionFields.MetadataBlueprintId),
                Text(m, TransactionFields.MetadataInstanceId), null)
            : null;
        var recipients = transaction.TryGetProperty(TransactionFields.Payload, out var payload) ? PayloadRecipients.Read(payload) : [];
        var index = Of(Text(transaction, TransactionFields.Sender) ?? "", metadata, recipients);
        return Addresses.TryParse(index.Wallets[0], out _, out _) ? index : index with { Wallets = [.. index.Wallets.Skip(1)] };
    }

    private static string? Indexable(string? value) => value is { Length: > 0 and <= MaxValueLength } ? value : null;
}

/// <summary>A checked transaction and what it adds to the register's indexes, as the append takes them.</summary>
public sealed record IndexedTransaction(ParsedTransaction Transaction, TransactionIndex Index)
{
    public static IndexedTransaction Of(ParsedTransaction transaction) => new(transaction, TransactionIndex.Of(transaction));
}
