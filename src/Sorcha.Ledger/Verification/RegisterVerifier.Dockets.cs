using Sorcha.Ledger.Dockets;

namespace Sorcha.Ledger.Verification;

public sealed partial class RegisterVerifier
{
    /// <summary>Checks a docket against its predecessor and itself; its Merkle root waits for its transactions.</summary>
    private string? CheckArrivingDocket(Docket docket)
    {
        var expectedNumber = _lastDocket is null ? 0 : _lastDocket.Number + 1;
        if (docket.Number != expectedNumber)
        {
            return $"expected docket {expectedNumber} next (dockets are numbered from 0 with no gaps)";
        }

        var expectedFirst = _lastDocket is null ? 0 : _lastDocket.LastSequence + 1;
        if (docket.FirstSequence != expectedFirst)
        {
            return _lastDocket is null
                ? $"the first docket must start at sequence 0, not {docket.FirstSequence}"
                : $"starts at sequence {docket.FirstSequence} but docket {_lastDocket.Number} ended at {_lastDocket.LastSequence}";
        }

        _registerId ??= docket.RegisterId;
        if (!string.Equals(docket.RegisterId, _registerId, StringComparison.Ordinal))
        {
            return $"registerId \"{docket.RegisterId}\" is not this register (\"{_registerId}\")";
        }

        var expectedPrevious = _lastDocket?.DocketHash ?? DocketHasher.GenesisPreviousHash;
        if (!string.Equals(docket.PreviousDocketHash, expectedPrevious, StringComparison.Ordinal))
        {
            return _lastDocket is null
                ? "previousDocketHash of docket 0 must be 64 zeros"
                : $"previousDocketHash is not docket {_lastDocket.Number}'s docketHash";
        }

        if (_lastDocket is { HasTree: true } && !docket.HasTree)
        {
            return $"has no treeSize/treeRoot although docket {_lastDocket.Number} has (a register never returns to the format before register trees)";
        }

        if (DocketChecks.CheckSealed(docket, _options.SkipDocketSignatures ? default : _options.RegisterPublicKey.Span) is { } reason)
        {
            return reason;
        }

        if (_options.TrustedDocket is { } trusted && trusted.Number == docket.Number)
        {
            if (!string.Equals(trusted.DocketHash, docket.DocketHash, StringComparison.Ordinal))
            {
                return "is not the trusted docket with its number (another docketHash): the register was rewritten";
            }

            _trustedDocketSeen = true;
        }

        _docketSignatures += _options.SkipDocketSignatures ? 0 : 1;
        return null;
    }

    /// <summary>Checks queued dockets whose transactions have all passed, then forgets those transactions.</summary>
    private void CheckCoveredDockets()
    {
        // Queued dockets were accepted before any docket fault, so they are checked even once later ones stop.
        while (_unchecked.TryPeek(out var docket) && docket.LastSequence < _position)
        {
            _unchecked.Dequeue();
            if (_fault is { } fault && Fault.KeyOf(docket) >= fault.Key)
            {
                _docketsStopped = true;
                _unchecked.Clear();
                return;
            }

            if (CheckCoverage(docket) is { } coverageFault)
            {
                Record(coverageFault);
                _docketsStopped = true;
                _unchecked.Clear();
                return;
            }

            _pending.ReleaseThrough(docket.LastSequence);
            _docketsChecked++;
        }
    }

    private Fault? CheckCoverage(Docket docket)
    {
        var txIds = new List<byte[]>((int)docket.TransactionCount);
        for (var sequence = docket.FirstSequence; sequence <= docket.LastSequence; sequence++)
        {
            txIds.Add(_pending.TxId(sequence));
            if (_pending.ClaimedDocket(sequence) is { } claimed && claimed != docket.Number)
            {
                return Fault.AtDocket(docket, $"covers sequence {sequence}, whose docketNumber says {claimed}", sequence);
            }
        }

        if (DocketChecks.CheckMerkleRoot(docket, txIds) is { } reason)
        {
            return Fault.AtDocket(docket, reason);
        }

        // The register tree over every txId so far: dockets are checked in order from sequence 0, so the frontier
        // holds exactly sequences 0..docket.FirstSequence−1 here.
        _tree.AppendAll(txIds);
        return docket.HasTree && !string.Equals(docket.TreeRoot, Formats.LowerHex.Encode(_tree.Root()), StringComparison.Ordinal)
            ? Fault.AtDocket(docket, "treeRoot does not match the Merkle tree of the register's txIds 0..lastSequence")
            : null;
    }

    /// <summary>What can only be judged once both streams have ended.</summary>
    private void CheckEnd()
    {
        if (_unchecked.TryPeek(out var beyond))
        {
            Record(Fault.AtDocket(beyond, $"covers sequences up to {beyond.LastSequence} but the register has {_position} transactions"));
        }
        else if (!_docketsStopped)
        {
            // Nothing covers the unsealed tail, so none of it may claim a docket.
            for (var sequence = _pending.FirstSequence; sequence < _pending.FirstSequence + _pending.Count; sequence++)
            {
                if (_pending.ClaimedDocket(sequence) is { } claimed)
                {
                    Record(Fault.AtTransaction(sequence, $"docketNumber says {claimed} but no docket covers it"));
                    break;
                }
            }
        }

        if (_options.TrustedDocket is { } trusted && !_trustedDocketSeen && !_docketsStopped && _fault is null)
        {
            // Cut back below a docket the client holds: the earliest thing missing is the first of its transactions
            // not here, or the docket itself when all of them are.
            var reason = $"missing; the trusted docket {trusted.Number} covers sequences up to {trusted.LastSequence}, " +
                "so the register was cut short or rewritten since";
            Record(_position <= trusted.LastSequence ? Fault.AtTransaction(_position, reason) : Fault.AtDocket(trusted, "is " + reason));
        }

        if (_options.ExpectedHead is { } head && !_transactionsStopped && _position < head.Height)
        {
            Record(Fault.AtTransaction(_position, $"missing; the register's published height is {head.Height}"));
        }
    }
}
