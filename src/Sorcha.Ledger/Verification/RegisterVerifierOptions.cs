namespace Sorcha.Ledger.Verification;

public sealed record RegisterVerifierOptions
{
    /// <summary>The register being verified; when null, the first transaction or docket seen sets it.</summary>
    public string? RegisterId { get; init; }

    /// <summary>The register's Ed25519 docket-signing public key (32 bytes). Required unless <see cref="SkipDocketSignatures"/>.</summary>
    public ReadOnlyMemory<byte> RegisterPublicKey { get; init; }

    public bool SkipDocketSignatures { get; init; }

    /// <summary>When set, the chain must reach this head: its chainHash at sequence height − 1, and no fewer transactions.</summary>
    public RegisterHead? ExpectedHead { get; init; }

    /// <summary>
    /// A docket the client kept from earlier (its signature is checked with the register key). The register must still
    /// hold it unchanged: the docket with its number must have its docketHash, so the register tree it signs (all txIds
    /// up to its treeSize) is a prefix of what is verified now. A register that was cut back below it, or rewritten, fails.
    /// </summary>
    public Dockets.Docket? TrustedDocket { get; init; }

    /// <summary>Transactions checked in parallel per batch; large enough to amortise scheduling, small enough to stay in cache.</summary>
    public int BatchSize { get; init; } = 4096;

    public int MaxDegreeOfParallelism { get; init; } = Environment.ProcessorCount;
}
