using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Dockets;

namespace Sorcha.Registers.Store;

/// <summary>
/// The head of a register, read in one command: <see cref="Height"/> transactions committed, the chain hash of the
/// last one, and the sealer's cursor (<see cref="Sealed"/> = first unsealed sequence, <see cref="Dockets"/> = dockets
/// sealed, <see cref="LastDocketHash"/> = the docketHash the next docket links to, <see cref="TreeFrontier"/> = the
/// register tree's right edge over sequences 0..Sealed−1, hex of <see cref="Cryptography.MerkleFrontier.ToBytes"/>;
/// null for a register created before register trees, until its first docket after the upgrade), and
/// <see cref="ArchivedAt"/>: when the owner archived it (null while it takes appends).
/// </summary>
public sealed record RegisterState(long Height, string ChainHash, long Sealed, long Dockets, string LastDocketHash,
    string? TreeFrontier = null, DateTimeOffset? ArchivedAt = null)
{
    public static RegisterState Empty { get; } =
        new(0, Ledger.Chain.ChainHash.GenesisHex, 0, 0, DocketHasher.GenesisPreviousHash, "");

    public long Unsealed => Height - Sealed;

    public bool Archived => ArchivedAt is not null;
}
