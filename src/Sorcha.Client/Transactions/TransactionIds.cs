using System.Text.Json;
using Sorcha.Contracts.Transactions;
using Sorcha.Cryptography;

namespace Sorcha.Client;

/// <summary>
/// Recomputes what the ledger computes, so a client can check any transaction it reads back: the txId from the
/// fields as returned, the signature over it, and that the public key belongs to the sender address.
/// </summary>
public static class TransactionIds
{
    /// <summary>Hex SHA-256 of the JCS bytes of <paramref name="transaction"/> without its signature.</summary>
    public static string Compute(TransactionDocument transaction) => Hashes.ToHex(ComputeBytes(transaction));

    public static byte[] ComputeBytes(TransactionDocument transaction)
    {
        // Serialized as the base TransactionDocument, so a committed one's commit members are left out too.
        var json = JsonSerializer.SerializeToUtf8Bytes(transaction, SorchaJsonContext.Default.TransactionDocument);
        using var document = JsonDocument.Parse(json);
        return Jcs.Sha256(document.RootElement, omitRootProperty: "signature");
    }

    /// <summary>
    /// Null when the committed transaction checks out (txId recomputes, address matches the key, signature verifies),
    /// otherwise why not.
    /// </summary>
    public static string? Check(CommittedTransactionDocument transaction)
    {
        var txId = ComputeBytes(transaction);
        if (Hashes.ToHex(txId) != transaction.TxId)
        {
            return $"txId {transaction.TxId} does not recompute (got {Hashes.ToHex(txId)})";
        }

        if (!Addresses.Matches(transaction.Sender, transaction.Algorithm, transaction.PublicKey))
        {
            return $"publicKey does not belong to sender {transaction.Sender}";
        }

        return Signatures.Verify(transaction.Algorithm, transaction.PublicKey, txId, transaction.Signature)
            ? null
            : "signature does not verify over the txId";
    }
}
