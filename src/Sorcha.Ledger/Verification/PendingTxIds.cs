namespace Sorcha.Ledger.Verification;

/// <summary>
/// The txIds (32 bytes each) and claimed docket numbers of checked transactions that no checked docket covers yet —
/// all the verifier keeps per transaction. Dockets release their range once their Merkle root is checked, so memory
/// stays flat when dockets are fed alongside transactions.
/// </summary>
internal sealed class PendingTxIds
{
    private const int IdSize = 32;
    private const long NoClaim = -1;

    private byte[] _ids = new byte[IdSize * 1024];
    private long[] _claims = new long[1024];
    private int _start;
    private int _count;

    /// <summary>The sequence of the oldest pending transaction.</summary>
    public long FirstSequence { get; private set; }

    public int Count => _count;

    public void Add(ReadOnlySpan<byte> txId, long? claimedDocket)
    {
        if (_start + _count == _claims.Length)
        {
            MakeRoom();
        }

        var slot = _start + _count++;
        txId.CopyTo(_ids.AsSpan(slot * IdSize, IdSize));
        _claims[slot] = claimedDocket ?? NoClaim;
    }

    public byte[] TxId(long sequence) => _ids.AsSpan(Slot(sequence) * IdSize, IdSize).ToArray();

    public long? ClaimedDocket(long sequence) => _claims[Slot(sequence)] is var claim && claim == NoClaim ? null : claim;

    public void ReleaseThrough(long lastSequence)
    {
        var released = (int)(lastSequence - FirstSequence + 1);
        _start += released;
        _count -= released;
        FirstSequence += released;
    }

    private int Slot(long sequence)
    {
        var offset = sequence - FirstSequence;
        return offset >= 0 && offset < _count ? _start + (int)offset : throw new ArgumentOutOfRangeException(nameof(sequence));
    }

    private void MakeRoom()
    {
        // Slide down when most of the buffer is released, grow otherwise.
        var capacity = _claims.Length;
        if (_start < capacity / 2)
        {
            capacity *= 2;
        }

        var ids = capacity == _claims.Length ? _ids : new byte[capacity * IdSize];
        var claims = capacity == _claims.Length ? _claims : new long[capacity];
        Array.Copy(_ids, _start * IdSize, ids, 0, _count * IdSize);
        Array.Copy(_claims, _start, claims, 0, _count);
        (_ids, _claims, _start) = (ids, claims, 0);
    }
}
