using Sorcha.Contracts.Events;
using System.Diagnostics;
using Sorcha.Events;
using Sorcha.Ledger.Transactions;
using Sorcha.Registers.Store;

namespace Sorcha.Transaction.Service.Commit;

/// <summary>
/// One register's queue. The first submission into an idle lane starts a drain loop at once (no timer: a lone
/// request is committed immediately); submissions that arrive while an append is in flight wait and go together in
/// the next one. The lane remembers the head its last append produced, so a single replica never re-reads it; with
/// several replicas the store's compare-and-retry keeps the chain linear. The lane also raises each new commit's
/// <see cref="TransactionAppended"/>, in sequence order, before the commit is acknowledged (docs/architecture.md, "Live events").
/// </summary>
internal sealed class RegisterLane(string registerId, RegisterStore store, GroupCommitter owner, LiveEvents events, ILogger logger)
{
    /// <summary>Most transactions per Lua call; also bounded by <see cref="MaxBatchBytes"/> so one script stays short.</summary>
    public const int MaxBatch = 1000;

    public const int MaxBatchBytes = 4 * 1024 * 1024;

    private readonly Lock _gate = new();
    private readonly List<Pending> _queue = [];
    private bool _draining;
    private AppendHead? _head;

    public string RegisterId => registerId;

    public Task<AppendedTransaction?>[] Enqueue(IReadOnlyList<IndexedTransaction> transactions)
    {
        var tasks = new Task<AppendedTransaction?>[transactions.Count];
        var start = false;
        lock (_gate)
        {
            for (var i = 0; i < transactions.Count; i++)
            {
                var pending = new Pending(transactions[i]);
                _queue.Add(pending);
                tasks[i] = pending.Completion.Task;
            }

            if (!_draining)
            {
                _draining = start = true;
            }
        }

        if (start)
        {
            // Started on the caller's thread, not queued to the pool: a lone request reaches Redis without waiting for a
            // pool thread to wake (DrainAsync yields at its first await, and the waiters' completions run asynchronously).
            _ = DrainAsync();
        }

        return tasks;
    }

    private async Task DrainAsync()
    {
        while (TakeBatch() is { } batch)
        {
            try
            {
                var started = Stopwatch.GetTimestamp();
                var outcome = await store.AppendAsync(registerId, [.. batch.Select(p => p.Transaction)], _head);
                CommitTelemetry.AppendDuration.Record(Stopwatch.GetElapsedTime(started).TotalSeconds);
                CommitTelemetry.BatchSize.Record(batch.Count);
                if (outcome.UnknownRegister)
                {
                    _head = null;
                    owner.Forget(this);
                    batch.ForEach(p => p.Completion.SetResult(null));
                    continue;
                }

                if (outcome.Closure != RegisterClosure.Open)
                {
                    // Archived or deleted for good: every waiting submission is refused, none written.
                    _head = null;
                    var closed = new RegisterClosedException(registerId, outcome.Closure);
                    batch.ForEach(p => p.Completion.SetException(closed));
                    continue;
                }

                _head = outcome.Head;
                RaiseAppended(batch, outcome.Items);
                for (var i = 0; i < batch.Count; i++)
                {
                    batch[i].Completion.SetResult(outcome.Items[i]);
                }
            }
            catch (Exception e)
            {
                // Unknown whether Redis applied it: forget the head, and let clients retry (idempotent by txId).
                _head = null;
                logger.LogWarning(e, "Append of {Count} transactions to register {RegisterId} failed", batch.Count, registerId);
                batch.ForEach(p => p.Completion.SetException(e));
            }
        }
    }

    /// <summary>
    /// One event per transaction this append created (a resubmission raised its event the first time), issued in
    /// sequence order from this one loop: each publish is on its way to Redis when the call returns, so the register's
    /// subscribers see its commits in order. Not awaited: the acknowledgement waits for no event.
    /// </summary>
    private void RaiseAppended(List<Pending> batch, IReadOnlyList<AppendedTransaction> items)
    {
        var at = DateTimeOffset.UtcNow;
        for (var i = 0; i < batch.Count; i++)
        {
            if (items[i].Status == AppendStatus.Created)
            {
                CommitTelemetry.Appended.Add(1, CommitTelemetry.Type(batch[i].Transaction.Transaction));
                _ = events.ToRegisterAsync(registerId, LiveEvents.Names.TransactionAppended,
                    new TransactionAppended(registerId, batch[i].Transaction.Transaction.TxId, items[i].Transaction.Sequence, at));
            }
        }
    }

    private List<Pending>? TakeBatch()
    {
        lock (_gate)
        {
            if (_queue.Count == 0)
            {
                _draining = false;
                return null;
            }

            var count = 0;
            long bytes = 0;
            while (count < _queue.Count && count < MaxBatch && (count == 0 || bytes + _queue[count].Transaction.Transaction.RawJson.Length <= MaxBatchBytes))
            {
                bytes += _queue[count].Transaction.Transaction.RawJson.Length;
                count++;
            }

            var batch = _queue.GetRange(0, count);
            _queue.RemoveRange(0, count);
            return batch;
        }
    }

    private sealed class Pending(IndexedTransaction transaction)
    {
        public IndexedTransaction Transaction { get; } = transaction;

        public TaskCompletionSource<AppendedTransaction?> Completion { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);
    }
}
