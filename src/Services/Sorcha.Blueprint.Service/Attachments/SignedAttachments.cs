using System.Text.Json;

namespace Sorcha.Blueprint.Service.Attachments;

/// <summary>
/// The payload's <c>attachments</c> as the Wallet service signed them (docs/api.md, "Attachments"): one entry per file,
/// in order, <c>{ name, contentType, size, sha256, envelopes }</c>. What is signed must be what was sent: the same
/// descriptions and hashes, and one envelope per planned recipient. Also the reader behind the download route.
/// </summary>
public static class SignedAttachments
{
    public static bool Match(JsonElement payload, IReadOnlyList<PlannedAttachment> planned)
    {
        var signed = Read(payload);
        if (planned.Count == 0)
        {
            return signed is null;
        }

        if (signed is not { } entries || entries.GetArrayLength() != planned.Count)
        {
            return false;
        }

        var i = 0;
        foreach (var entry in entries.EnumerateArray())
        {
            var file = planned[i].File;
            if (!(Text(entry, "name") == file.Name && Text(entry, "contentType") == file.ContentType
                && Text(entry, "sha256") == file.Sha256
                && entry.TryGetProperty("size", out var size) && size.TryGetInt64(out var n) && n == file.Content.Length
                && Envelopes(entry) is { } envelopes
                && envelopes.Select(e => Text(e, "recipient")).SequenceEqual(planned[i].Recipients)))
            {
                return false;
            }

            i++;
        }

        return true;
    }

    /// <summary>The payload's <c>attachments</c> array, or null when it has none (or it is not one).</summary>
    public static JsonElement? Read(JsonElement payload) =>
        payload.ValueKind == JsonValueKind.Object && payload.TryGetProperty(AttachmentDisclosure.Member, out var a)
        && a.ValueKind == JsonValueKind.Array ? a : null;

    /// <summary>An entry's envelopes, or null when it has none.</summary>
    public static IReadOnlyList<JsonElement>? Envelopes(JsonElement entry) =>
        entry.ValueKind == JsonValueKind.Object && entry.TryGetProperty("envelopes", out var e) && e.ValueKind == JsonValueKind.Array
            ? [.. e.EnumerateArray()] : null;

    public static string? Text(JsonElement element, string name) =>
        element.ValueKind == JsonValueKind.Object && element.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String
            ? value.GetString() : null;
}
