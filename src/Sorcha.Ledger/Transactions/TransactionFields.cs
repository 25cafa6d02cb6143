namespace Sorcha.Ledger.Transactions;

/// <summary>The closed set of member names of a submitted <c>Transaction</c>.</summary>
public static class TransactionFields
{
    public const string RegisterId = "registerId";
    public const string Sender = "sender";
    public const string Algorithm = "algorithm";
    public const string PublicKey = "publicKey";
    public const string Payload = "payload";
    public const string Metadata = "metadata";
    public const string Timestamp = "timestamp";
    public const string Signature = "signature";

    public const string MetadataType = "type";
    public const string MetadataBlueprintId = "blueprintId";
    public const string MetadataInstanceId = "instanceId";
    public const string MetadataActionId = "actionId";
}
