namespace Sorcha.Ledger.Verification;

/// <summary>
/// A register's published head (<c>height</c>, <c>headChainHash</c> from <c>GET /api/registers/{id}</c>). Pinning it
/// catches an export that was cut short, which chain and docket checks alone cannot see.
/// </summary>
public sealed record RegisterHead(long Height, string HeadChainHash);
