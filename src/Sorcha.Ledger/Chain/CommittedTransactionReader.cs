using System.Diagnostics.CodeAnalysis;
using System.Text.Json;
using Sorcha.Ledger.Formats;

namespace Sorcha.Ledger.Chain;

/// <summary>
/// Splits a <c>CommittedTransaction</c> object back into the submitted transaction (every non-commit member, bytes
/// copied verbatim) and its <see cref="CommitInfo"/>, so a verifier can recompute the txId from what the API returned.
/// </summary>
public static class CommittedTransactionReader
{
    public static bool TryRead(ReadOnlySpan<byte> json, [NotNullWhen(true)] out CommittedTransaction? transaction, [NotNullWhen(false)] out string? error)
    {
        transaction = null;
        try
        {
            return TryReadCore(json, out transaction, out error);
        }
        catch (JsonException e)
        {
            error = $"not valid JSON: {e.Message}";
            return false;
        }
        catch (InvalidOperationException e)
        {
            error = $"unexpected JSON value: {e.Message}";
            return false;
        }
    }

    private static bool TryReadCore(ReadOnlySpan<byte> json, out CommittedTransaction? transaction, out string? error)
    {
        transaction = null;
        var reader = new Utf8JsonReader(json);
        if (!reader.Read() || reader.TokenType != JsonTokenType.StartObject)
        {
            error = "a committed transaction must be a JSON object";
            return false;
        }

        var raw = new byte[json.Length];
        var rawLength = 1;
        raw[0] = (byte)'{';
        var commit = new CommitFieldsReader();
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            var memberStart = (int)reader.TokenStartIndex;
            if (commit.TryReadMember(ref reader, out error))
            {
                continue;
            }

            if (error is not null)
            {
                return false;
            }

            reader.Read();
            reader.Skip();
            if (rawLength > 1)
            {
                raw[rawLength++] = (byte)',';
            }

            var member = json[memberStart..(int)reader.BytesConsumed];
            member.CopyTo(raw.AsSpan(rawLength));
            rawLength += member.Length;
        }

        if (reader.Read())
        {
            error = "unexpected content after the object";
            return false;
        }

        raw[rawLength++] = (byte)'}';
        if (!commit.TryBuild(out var info, out error))
        {
            return false;
        }

        transaction = new CommittedTransaction(raw.AsMemory(0, rawLength), info);
        return true;
    }
}
