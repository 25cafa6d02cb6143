using Sorcha.Ledger.Chain;

namespace Sorcha.Ledger.Verification;

public sealed partial class RegisterVerifier
{
    // The batch the workers are evaluating (null when none), and the task doing it.
    private TransactionSlot[]? _evaluating;
    private int _evaluatingCount;
    private Task? _evaluation;

    /// <summary>
    /// Hands the filled batch to the workers, then finishes the batch they were already on (its ordered checks run
    /// here while the new one is evaluated), so reading, ordered checks and docket checks overlap the parallel work.
    /// With one worker everything runs on the caller's thread, as before.
    /// </summary>
    private void DispatchBatch()
    {
        _cancellationToken.ThrowIfCancellationRequested();
        var count = _batchCount;
        _batchCount = 0;
        if (count == 0 || _transactionsStopped)
        {
            return;
        }

        var slots = _batch;
        var parallelism = _options.MaxDegreeOfParallelism;
        Task evaluation;
        if (parallelism == 1)
        {
            FinishEvaluatingBatch();
            if (_transactionsStopped)
            {
                return;
            }

            Evaluate(slots, count, _position, _fault?.Key ?? long.MaxValue, parallelism, _cancellationToken);
            evaluation = Task.CompletedTask;
        }
        else
        {
            var first = _position + _evaluatingCount;
            var limit = _fault?.Key ?? long.MaxValue;
            evaluation = Task.Run(() => Evaluate(slots, count, first, limit, parallelism, _cancellationToken), _cancellationToken);
            FinishEvaluatingBatch();
        }

        _batch = _spare;
        _evaluating = slots;
        _evaluatingCount = count;
        _evaluation = evaluation;
    }

    private static void Evaluate(TransactionSlot[] slots, int count, long first, long limit, int parallelism,
        CancellationToken cancellationToken) =>
        Parallel.For(0, count, new ParallelOptions { MaxDegreeOfParallelism = parallelism, CancellationToken = cancellationToken }, i =>
        {
            // Positions that cannot beat an already known fault are not worth the signature check.
            if (2 * (first + i) < limit)
            {
                slots[i].Evaluate();
            }
        });

    /// <summary>Waits for the batch being evaluated, then checks it in order and the dockets it completes.</summary>
    private void FinishEvaluatingBatch()
    {
        if (_evaluating is not { } slots)
        {
            return;
        }

        _evaluation!.GetAwaiter().GetResult();
        for (var i = 0; i < _evaluatingCount && !_transactionsStopped; i++)
        {
            CheckInOrder(ref slots[i]);
        }

        Array.Clear(slots, 0, _evaluatingCount);
        _spare = slots;
        _evaluating = null;
        _evaluatingCount = 0;
        _evaluation = null;
        CheckCoveredDockets();
    }

    private void CheckInOrder(ref TransactionSlot slot)
    {
        var position = _position;
        if (_fault is { } fault && 2 * position >= fault.Key)
        {
            _transactionsStopped = true;
            return;
        }

        if (CheckTransaction(ref slot, position) is { } reason)
        {
            Record(Fault.AtTransaction(position, reason));
            _transactionsStopped = true;
            return;
        }

        _pending.Add(slot.TxId, slot.Commit!.DocketNumber);
        _position++;
    }

    private string? CheckTransaction(ref TransactionSlot slot, long position)
    {
        if (slot.Error is not null && slot.Commit is null)
        {
            return slot.Error;
        }

        var commit = slot.Commit!;
        if (commit.Sequence != position)
        {
            // The contract's sequences start at 0 with no gaps, so position and sequence must agree.
            return commit.Sequence < position
                ? $"found sequence {commit.Sequence} again (duplicate or out of order)"
                : $"missing; the next transaction has sequence {commit.Sequence}";
        }

        if (slot.Error is not null)
        {
            return slot.Error;
        }

        _registerId ??= slot.RegisterId;
        if (!string.Equals(slot.RegisterId, _registerId, StringComparison.Ordinal))
        {
            return $"registerId \"{slot.RegisterId}\" is not this register (\"{_registerId}\")";
        }

        ChainHash.Next(_chain, slot.TxId, _chain);
        if (!MatchesHex(commit.ChainHash, _chain))
        {
            return "chainHash is not SHA-256(previous chainHash || txId)";
        }

        if (_options.ExpectedHead is { } head && position == head.Height - 1 && !MatchesHex(head.HeadChainHash, _chain))
        {
            return $"chainHash at the register's height {head.Height} is not its published headChainHash";
        }

        return null;
    }

    private static bool MatchesHex(string hex, ReadOnlySpan<byte> bytes)
    {
        Span<byte> decoded = stackalloc byte[32];
        // The reader only accepts lowercase hex, so comparing the decoded bytes is comparing the spelling.
        return hex.Length == 64 && Convert.FromHexString(hex, decoded, out _, out var written) == System.Buffers.OperationStatus.Done
            && written == 32 && decoded.SequenceEqual(bytes);
    }
}
