using System.Diagnostics.CodeAnalysis;
using System.Runtime.InteropServices;
using System.Text.Json;

namespace Sorcha.Ledger.Transactions;

/// <summary>
/// Structural validation of a submitted <c>Transaction</c> (the 400 checks; signature and address checks are
/// <see cref="TransactionChecks"/>). Every failing field is listed, not just the first.
/// <list type="bullet">
/// <item><c>registerId</c>: non-empty string of at most 128 characters (the register's id as issued, e.g. lowercase hex).</item>
/// <item><c>sender</c>: shaped like a Sorcha address (43 characters, <c>ws1</c>, bech32 alphabet; the checksum and the
/// key match are <see cref="TransactionChecks"/>'s); <c>algorithm</c>: <c>ED25519</c> | <c>NISTP256</c> | <c>RSA4096</c> exactly.</item>
/// <item><c>publicKey</c>, <c>signature</c>: standard base64 with padding; the key's size and encoding must fit the algorithm.</item>
/// <item><c>payload</c>: required; any JSON value including <c>null</c> (a present null is stored and hashed as null).</item>
/// <item><c>metadata</c>: optional; when present an object whose members, all optional, are the strings
/// <c>type</c>, <c>blueprintId</c>, <c>instanceId</c>, <c>actionId</c>.</item>
/// <item><c>timestamp</c>: RFC 3339 UTC, see <see cref="Formats.LedgerTime"/>.</item>
/// <item>Any other member, at the top level or in <c>metadata</c>, is rejected: the txId covers every member, so an
/// unknown one would be silently signed and stored. Duplicate member names are rejected — named at the top level,
/// as <c>$</c> deeper down (found by the canonicaliser): RFC 8785 has no canonical form for them.</item>
/// </list>
/// </summary>
public static class TransactionParser
{
    public const int MaxRegisterIdLength = 128;

    public static bool TryParse(
        ReadOnlyMemory<byte> utf8Json,
        [NotNullWhen(true)] out ParsedTransaction? transaction,
        out IReadOnlyList<FieldError> errors)
    {
        transaction = null;
        JsonDocument document;
        try
        {
            // Duplicate names are left to the canonicaliser, which rejects them at every depth while it hashes anyway;
            // having the parser check them too would triple the parse cost.
            document = JsonDocument.Parse(utf8Json);
        }
        catch (JsonException e)
        {
            errors = [new FieldError("$", $"is not valid JSON: {e.Message}")];
            return false;
        }

        using (document)
        {
            return TryParse(document.RootElement, out transaction, out errors);
        }
    }

    /// <summary>Parses one element of a larger document (a batch item); nothing of the document is retained.</summary>
    public static bool TryParse(
        JsonElement element,
        [NotNullWhen(true)] out ParsedTransaction? transaction,
        out IReadOnlyList<FieldError> errors)
    {
        transaction = null;
        var fields = new TransactionFieldReader();
        try
        {
            if (!fields.Read(element))
            {
                errors = fields.Errors;
                return false;
            }
        }
        catch (InvalidOperationException)
        {
            // A member name that is not valid Unicode (invalid UTF-8, a lone surrogate): it cannot even be named.
            errors = [new FieldError("$", "member names must be valid Unicode text (no invalid UTF-8, no lone surrogates)")];
            return false;
        }

        if (!TransactionId.TryCompute(element, out var txId, out var error))
        {
            errors = [error!];
            return false;
        }

        var raw = JsonMinifier.Minify(JsonMarshal.GetRawUtf8Value(element));
        transaction = new ParsedTransaction(
            raw, Formats.LowerHex.Encode(txId), txId, fields.RegisterId!, fields.Sender!, fields.Algorithm,
            fields.PublicKey!, fields.Signature!, fields.Timestamp, fields.Metadata);
        errors = [];
        return true;
    }
}
