namespace Sorcha.Ledger.Verification;

/// <summary>How many of each check passed — what an offline verifier reports it did.</summary>
public sealed record VerificationStatistics(
    long Transactions,
    long TransactionSignatures,
    long ChainLinks,
    long Dockets,
    long MerkleRoots,
    long DocketSignatures);
