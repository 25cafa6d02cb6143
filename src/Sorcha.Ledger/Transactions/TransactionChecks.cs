using Sorcha.Cryptography;

namespace Sorcha.Ledger.Transactions;

/// <summary>The 422 checks of a structurally valid transaction: the key belongs to the sender and signed the txId.</summary>
public static class TransactionChecks
{
    /// <summary>Null when the transaction is authentic, otherwise the reason it is rejected.</summary>
    public static string? Verify(ParsedTransaction transaction)
    {
        var expectedLength = KeyFormats.SignatureLength(transaction.Algorithm);
        if (transaction.Signature.Length != expectedLength)
        {
            return $"signature must be {expectedLength} bytes for {AlgorithmNames.ToName(transaction.Algorithm)} (got {transaction.Signature.Length})";
        }

        if (!Addresses.Matches(transaction.Sender, transaction.Algorithm, transaction.PublicKey.Span))
        {
            // Only the failure path pays for a second decode to say which way it failed.
            return Addresses.TryParse(transaction.Sender, out _, out _)
                ? "sender address does not belong to publicKey and algorithm"
                : "sender is not a valid Sorcha address (bech32m checksum)";
        }

        return Signatures.Verify(transaction.Algorithm, transaction.PublicKey.Span, transaction.TxIdBytes.Span, transaction.Signature.Span)
            ? null
            : "signature does not verify over the txId";
    }
}
