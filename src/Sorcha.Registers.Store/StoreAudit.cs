using Sorcha.Ledger.Dockets;

namespace Sorcha.Registers.Store;

/// <summary>
/// The head and the size of every per-register index, read in one atomic step (<see cref="RegisterStore.AuditAsync"/>).
/// The head alone is not evidence: moving it back hides a tail from a verify that trusts it. Every append writes
/// tx, txid and seq together and every seal writes dockets, docket-ends and the cursor together, so in an untouched
/// store they agree; a head moved back, or a tail cut without cutting every index, shows up here.
/// </summary>
public sealed record StoreAudit(RegisterState State, long Transactions, long Sequences, long TxIds, long DocketEntries,
    long DocketEnds, Docket? LastDocket)
{
    /// <summary>Null when the indexes agree with the head, otherwise what disagrees (and the first sequence it concerns).</summary>
    public (string Reason, long Sequence)? Disagreement()
    {
        var height = State.Height;
        if (Transactions != height || Sequences != height || TxIds != height)
        {
            return ($"the store holds {Transactions} transactions ({Sequences} sequence and {TxIds} txId index entries) but its head " +
                $"says {height}: the head was moved or the register cut outside the append path", Math.Min(height, Math.Min(Transactions, Sequences)));
        }

        if (DocketEntries != State.Dockets || DocketEnds != State.Dockets)
        {
            return ($"the store holds {DocketEntries} dockets ({DocketEnds} docket-end entries) but its sealer cursor says {State.Dockets}",
                State.Sealed);
        }

        if (State.Dockets > 0 && (LastDocket is null || LastDocket.DocketHash != State.LastDocketHash || LastDocket.LastSequence + 1 != State.Sealed))
        {
            return ($"the last docket ({State.Dockets - 1}) is not the one the sealer cursor links to", State.Sealed);
        }

        return null;
    }
}
