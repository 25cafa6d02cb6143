using System.Text.Json.Serialization;

namespace Sorcha.Blueprint.Service.Attachments;

/// <summary>A file on an action submission: <see cref="Content"/> is standard base64 with padding.</summary>
public sealed record AttachmentUpload(string? Name, string? ContentType, string? Content);

/// <summary>
/// A file as the submission checked it: its bytes and their SHA-256 (lowercase hex), what the signed payload records.
/// </summary>
public sealed record UploadedFile(string Name, string ContentType, byte[] Content, string Sha256);

/// <summary>
/// One file of a step's plan: who receives it (wallet addresses, distinct, in the order of the action's disclosures).
/// </summary>
public sealed record PlannedAttachment(UploadedFile File, IReadOnlyList<string> Recipients)
{
    /// <summary>Bytes its envelopes seal: once per recipient.</summary>
    public long SealedBytes => (long)File.Content.Length * Recipients.Count;
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
