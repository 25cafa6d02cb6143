using System.Collections.Concurrent;
using Sorcha.Events;
using Sorcha.Ledger.Transactions;
using Sorcha.Registers.Store;

namespace Sorcha.Transaction.Service.Commit;

/// <summary>
/// Group commit: one <see cref="RegisterLane"/> per register coalesces whatever submissions are waiting into one
/// atomic append (one Lua call), so concurrent writers to a register share round trips instead of fighting over its
/// head. A result is only handed back once Redis acknowledged the append.
/// </summary>
public sealed class GroupCommitter(RegisterStore store, LiveEvents events, ILogger<GroupCommitter> logger)
{
    private readonly ConcurrentDictionary<string, RegisterLane> _lanes = new(StringComparer.Ordinal);

    /// <summary>
    /// Submits many at once (each register's share joins its lane in one go); results in input order, each the commit,
    /// or null when the register does not exist, or failed when Redis did (nothing acknowledged).
    /// </summary>
    public IReadOnlyList<Task<AppendedTransaction?>> SubmitMany(IReadOnlyList<IndexedTransaction> transactions)
    {
        if (transactions.Count == 1)
        {
            return LaneFor(transactions[0].Transaction.RegisterId).Enqueue(transactions); // a single POST: nothing to group
        }

        var tasks = new Task<AppendedTransaction?>[transactions.Count];
        foreach (var group in transactions.Select((tx, i) => (tx, i)).GroupBy(x => x.tx.Transaction.RegisterId, StringComparer.Ordinal))
        {
            var items = group.ToList();
            var laneTasks = LaneFor(group.Key).Enqueue([.. items.Select(x => x.tx)]);
            for (var k = 0; k < items.Count; k++)
            {
                tasks[items[k].i] = laneTasks[k];
            }
        }

        return tasks;
    }

    /// <summary>Each indexed from its own JSON (<see cref="IndexedTransaction.Of"/>), with no limit on its recipients.</summary>
    public IReadOnlyList<Task<AppendedTransaction?>> SubmitMany(IReadOnlyList<ParsedTransaction> transactions) =>
        SubmitMany([.. transactions.Select(IndexedTransaction.Of)]);

    private RegisterLane LaneFor(string registerId) =>
        _lanes.GetOrAdd(registerId, id => new RegisterLane(id, store, this, events, logger));

    /// <summary>A lane for a register that turned out not to exist is dropped, so made-up ids cannot pile up lanes.</summary>
    internal void Forget(RegisterLane lane) => _lanes.TryRemove(new KeyValuePair<string, RegisterLane>(lane.RegisterId, lane));
}
