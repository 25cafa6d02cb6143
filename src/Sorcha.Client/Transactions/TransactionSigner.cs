using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization.Metadata;
using Sorcha.Contracts.Transactions;
using Sorcha.Cryptography;

namespace Sorcha.Client;

/// <summary>A transaction ready to submit and the txId computed for it on the client (compare it with the answer's).</summary>
public sealed record SignedTransaction(TransactionDocument Transaction, string TxId);

/// <summary>
/// Builds and signs transactions on the client with a key the client holds (no wallet involved):
/// txId = hex SHA-256 of the RFC 8785 (JCS) bytes of the transaction without <c>signature</c>, and the signature is
/// over the 32 raw txId bytes. The sender address is derived from the public key.
/// </summary>
public sealed class TransactionSigner
{
    private readonly byte[] _privateKey;

    public TransactionSigner(SignatureAlgorithm algorithm, KeyPair keys)
    {
        Algorithm = algorithm;
        _privateKey = keys.PrivateKey;
        PublicKey = keys.PublicKey;
        Address = Addresses.FromPublicKey(algorithm, keys.PublicKey);
    }

    public SignatureAlgorithm Algorithm { get; }

    public byte[] PublicKey { get; }

    /// <summary>The sender address (bech32m "ws") of <see cref="PublicKey"/>.</summary>
    public string Address { get; }

    /// <summary>A signer with a fresh random key.</summary>
    public static TransactionSigner Generate(SignatureAlgorithm algorithm = SignatureAlgorithm.ED25519) =>
        new(algorithm, Signatures.Generate(algorithm));

    /// <summary>Signs a payload given as a JsonNode (null = JSON null).</summary>
    public SignedTransaction Sign(string registerId, JsonNode? payload, TransactionMetadataDocument? metadata = null, DateTimeOffset? timestamp = null) =>
        Sign(registerId, JsonSerializer.SerializeToElement(payload, SorchaJsonContext.Default.JsonNode), metadata, timestamp);

    /// <summary>Signs a payload of your own type, serialized with your source-generated metadata.</summary>
    public SignedTransaction Sign<T>(string registerId, T payload, JsonTypeInfo<T> payloadInfo, TransactionMetadataDocument? metadata = null,
        DateTimeOffset? timestamp = null) =>
        Sign(registerId, JsonSerializer.SerializeToElement(payload, payloadInfo), metadata, timestamp);

    public SignedTransaction Sign(string registerId, JsonElement payload, TransactionMetadataDocument? metadata = null, DateTimeOffset? timestamp = null)
    {
        // No signature yet: the txId is computed without the member, whatever it holds.
        var unsigned = new TransactionDocument(registerId, Address, Algorithm, PublicKey, payload, metadata,
            FormatTimestamp(timestamp ?? DateTimeOffset.UtcNow), []);
        var txId = TransactionIds.ComputeBytes(unsigned);
        var signed = unsigned with { Signature = Signatures.Sign(Algorithm, _privateKey, txId) };
        return new SignedTransaction(signed, Hashes.ToHex(txId));
    }

    /// <summary>The ledger's timestamp form, <c>yyyy-MM-ddTHH:mm:ss.fffZ</c> (UTC, milliseconds).</summary>
    public static string FormatTimestamp(DateTimeOffset value) =>
        value.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture);

    public override string ToString() => $"TransactionSigner {{ Algorithm = {Algorithm}, Address = {Address} }}";
}
