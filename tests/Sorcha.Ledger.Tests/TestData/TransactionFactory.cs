using System.Security.Cryptography;
using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Ledger.Tests.TestData;

/// <summary>
/// Builds signed <c>Transaction</c> JSON text. The txId is computed here with Sorcha.Cryptography's JCS on the
/// signature-less text, independently of the ledger code under test.
/// </summary>
internal static class TransactionFactory
{
    public const string RegisterId = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
    public const string Timestamp = "2025-03-01T12:00:00.000Z";

    public static string Create(
        SignatureAlgorithm algorithm = SignatureAlgorithm.ED25519,
        string payloadJson = """{"n":1}""",
        string? metadataJson = null,
        string timestamp = Timestamp,
        KeyPair? key = null,
        string registerId = RegisterId)
    {
        key ??= TestKeys.For(algorithm);
        var unsigned = Unsigned(algorithm, key.PublicKey, payloadJson, metadataJson, timestamp, registerId);
        var signature = Signatures.Sign(algorithm, key.PrivateKey, TxIdOf(unsigned));
        return WithSignature(unsigned, Convert.ToBase64String(signature));
    }

    public static string Unsigned(
        SignatureAlgorithm algorithm, byte[] publicKey, string payloadJson, string? metadataJson = null,
        string timestamp = Timestamp, string registerId = RegisterId)
    {
        var sender = Addresses.FromPublicKey(algorithm, publicKey);
        var metadata = metadataJson is null ? "" : $",\"metadata\":{metadataJson}";
        return $"{{\"registerId\":\"{registerId}\",\"sender\":\"{sender}\",\"algorithm\":\"{AlgorithmNames.ToName(algorithm)}\"," +
            $"\"publicKey\":\"{Convert.ToBase64String(publicKey)}\",\"payload\":{payloadJson}{metadata},\"timestamp\":\"{timestamp}\"}}";
    }

    public static string WithSignature(string unsignedJson, string signatureBase64) =>
        $"{unsignedJson[..^1]},\"signature\":\"{signatureBase64}\"}}";

    public static byte[] TxIdOf(string unsignedJson)
    {
        using var document = JsonDocument.Parse(unsignedJson);
        return SHA256.HashData(Jcs.Canonicalize(document.RootElement));
    }

    public static ParsedTransaction Parse(string json) =>
        TransactionParser.TryParse(System.Text.Encoding.UTF8.GetBytes(json), out var parsed, out var errors)
            ? parsed
            : throw new InvalidOperationException(string.Join("; ", errors));
}
