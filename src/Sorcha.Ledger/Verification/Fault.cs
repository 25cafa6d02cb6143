namespace Sorcha.Ledger.Verification;

/// <summary>
/// A failed check with its place in the register's order. Key 2p is the transaction at position p; key 2l+1 is a
/// docket whose range ends at l (a docket is checked after the transactions it covers). The lowest key is reported,
/// so the answer does not depend on batch size, parallelism or how the two input streams were interleaved.
/// </summary>
internal readonly record struct Fault(long Key, long? Sequence, long? Docket, string Reason)
{
    public static Fault AtTransaction(long position, string reason) =>
        new(2 * position, position, null, $"sequence {position}: {reason}");

    public static Fault AtDocket(Sorcha.Ledger.Dockets.Docket docket, string reason, long? sequence = null) =>
        new(2 * AnchorOf(docket) + 1, sequence, docket.Number, $"docket {docket.Number}: {reason}");

    public static long KeyOf(Sorcha.Ledger.Dockets.Docket docket) => 2 * AnchorOf(docket) + 1;

    private static long AnchorOf(Sorcha.Ledger.Dockets.Docket docket) =>
        Math.Clamp(Math.Max(docket.FirstSequence, docket.LastSequence), 0, long.MaxValue / 4);
}
