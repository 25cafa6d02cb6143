using System.Text.Json;
using Sorcha.Cryptography;

namespace Sorcha.Ledger.Transactions;

/// <summary>txId = SHA-256 of the RFC 8785 (JCS) bytes of the transaction without its <c>signature</c> member.</summary>
internal static class TransactionId
{
    /// <summary>
    /// Hashes the canonical form straight from the parsed document, leaving out the root <c>signature</c> member,
    /// so no signature-less copy of the object is built (and no lossy model sits in between).
    /// </summary>
    public static bool TryCompute(JsonElement transaction, out byte[] txId, out FieldError? error)
    {
        txId = new byte[32];
        error = null;
        try
        {
            Jcs.Sha256(transaction, txId, TransactionFields.Signature);
            return true;
        }
        catch (FormatException e)
        {
            // Values JSON allows but RFC 8785 (I-JSON) does not: numbers beyond double range, lone surrogates.
            error = new FieldError("$", $"has no RFC 8785 canonical form: {e.Message}");
            return false;
        }
    }
}
