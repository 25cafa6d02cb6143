namespace Sorcha.Ledger.Chain;

/// <summary>Member names the register adds to a transaction; none of them can be a submitted member.</summary>
public static class CommitFields
{
    public const string TxId = "txId";
    public const string Sequence = "sequence";
    public const string ChainHash = "chainHash";
    public const string DocketNumber = "docketNumber";
    public const string CommittedAt = "committedAt";
}
