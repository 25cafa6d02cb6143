using System.Text.Json.Serialization;

namespace Sorcha.Contracts.Instances;

/// <summary>
/// A file on an action submission: <see cref="Content"/> is standard base64 with padding (a string, not bytes, so that
/// the service, not the deserializer, names a malformed one in its 400). Disclosed like data by the pointers
/// <c>/attachments</c>, <c>/attachments/N</c> or <c>/*</c>.
/// </summary>
public sealed record AttachmentUpload(string Name, string ContentType, string Content)
{
    public static AttachmentUpload Of(string name, string contentType, ReadOnlySpan<byte> content) =>
        new(name, contentType, Convert.ToBase64String(content));
}

/// <summary>
/// <c>GET /api/instances/{id}/attachments/{txId}/{index}</c>: api.md's Envelope, the file's bytes sealed for the
/// caller's wallet, exactly as the register holds it; open it with <c>POST /api/wallets/{recipient}/decrypt</c>.
/// </summary>
public sealed record AttachmentEnvelope(
    string Scheme,
    string Recipient,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? EphemeralPublicKey,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? WrappedKey,
    string Nonce,
    string Ciphertext);
