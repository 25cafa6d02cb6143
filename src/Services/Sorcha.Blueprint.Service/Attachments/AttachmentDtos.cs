namespace Sorcha.Blueprint.Service.Attachments;

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
