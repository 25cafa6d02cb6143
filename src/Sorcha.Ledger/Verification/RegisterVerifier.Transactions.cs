using Sorcha.Ledger.Chain;

namespace Sorcha.Ledger.Verification;

public sealed partial class RegisterVerifier
{
    private void ProcessBatch()
    {
        var count = _batchCount;
        _batchCount = 0;
        if (count == 0 || _transactionsStopped)
        {
            return;
        }

        var first = _position;
        var limit = _fault?.Key ?? long.MaxValue;
        Parallel.For(0, count, new ParallelOptions { MaxDegreeOfParallelism = _options.MaxDegreeOfParallelism }, i =>
        {
            // Positions that cannot beat an already known fault are not worth the signature check.
            if (2 * (first + i) < limit)
            {
                _batch[i].Evaluate();
            }
        });

        for (var i = 0; i < count && !_transactionsStopped; i++)
        {
            CheckInOrder(ref _batch[i]);
            _batch[i] = default;
        }

        Array.Clear(_batch, 0, count);
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
