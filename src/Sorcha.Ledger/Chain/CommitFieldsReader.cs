using System.Diagnostics.CodeAnalysis;
using System.Text.Json;
using Sorcha.Ledger.Formats;

namespace Sorcha.Ledger.Chain;

/// <summary>Collects the commit members; non-commit members are left to the caller.</summary>
internal sealed class CommitFieldsReader
{
    private string? _txId;
    private long? _sequence;
    private string? _chainHash;
    private long? _docketNumber;
    private DateTimeOffset? _committedAt;

    /// <summary>True when the member was a commit member (and has been consumed); error set when it was a bad one.</summary>
    public bool TryReadMember(ref Utf8JsonReader reader, out string? error)
    {
        error = null;
        string name;
        if (reader.ValueTextEquals(CommitFields.TxId)) name = CommitFields.TxId;
        else if (reader.ValueTextEquals(CommitFields.Sequence)) name = CommitFields.Sequence;
        else if (reader.ValueTextEquals(CommitFields.ChainHash)) name = CommitFields.ChainHash;
        else if (reader.ValueTextEquals(CommitFields.DocketNumber)) name = CommitFields.DocketNumber;
        else if (reader.ValueTextEquals(CommitFields.CommittedAt)) name = CommitFields.CommittedAt;
        else return false;

        reader.Read();
        var valid = name switch
        {
            CommitFields.TxId => TryHash(ref reader, ref _txId),
            CommitFields.ChainHash => TryHash(ref reader, ref _chainHash),
            CommitFields.Sequence => TryCount(ref reader, ref _sequence),
            CommitFields.DocketNumber => TryCount(ref reader, ref _docketNumber),
            _ => TryTime(ref reader),
        };
        error = valid ? null : $"{name} is missing a valid value or appears twice";
        return valid;
    }

    public bool TryBuild([NotNullWhen(true)] out CommitInfo? info, out string? error)
    {
        info = null;
        error = (_txId, _sequence, _chainHash, _committedAt) switch
        {
            (null, _, _, _) => "txId is required",
            (_, null, _, _) => "sequence is required",
            (_, _, null, _) => "chainHash is required",
            (_, _, _, null) => "committedAt is required",
            _ => null,
        };
        if (error is null)
        {
            info = new CommitInfo(_txId!, _sequence!.Value, _chainHash!, _docketNumber, _committedAt!.Value);
        }

        return error is null;
    }

    private static bool TryHash(ref Utf8JsonReader reader, ref string? field)
    {
        if (field is not null || reader.TokenType != JsonTokenType.String)
        {
            return false;
        }

        field = reader.GetString();
        return LowerHex.IsHash(field);
    }

    private static bool TryCount(ref Utf8JsonReader reader, ref long? field)
    {
        if (field is not null || reader.TokenType != JsonTokenType.Number || !reader.TryGetInt64(out var value) || value < 0)
        {
            return false;
        }

        field = value;
        return true;
    }

    private bool TryTime(ref Utf8JsonReader reader)
    {
        if (_committedAt is not null || reader.TokenType != JsonTokenType.String || !LedgerTime.TryParse(reader.GetString(), out var at))
        {
            return false;
        }

        _committedAt = at;
        return true;
    }
}
