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

    /// <summary>Transactions checked in parallel per batch; large enough to amortise scheduling, small enough to stay in cache.</summary>
    public int BatchSize { get; init; } = 4096;

    public int MaxDegreeOfParallelism { get; init; } = Environment.ProcessorCount;
}
