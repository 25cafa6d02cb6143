namespace Sorcha.Ledger.Dockets;

/// <summary>
/// <c>GET /api/registers/{id}/consistency</c>: the RFC 9162 consistency proof (lowercase hex) that the register tree of
/// <see cref="From"/>.treeSize leaves is a prefix of the one of <see cref="To"/>.treeSize, both roots signed in dockets.
/// </summary>
public sealed record ConsistencyProof(Docket From, Docket To, IReadOnlyList<string> Proof);
