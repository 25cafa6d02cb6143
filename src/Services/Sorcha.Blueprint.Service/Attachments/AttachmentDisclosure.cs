using System.Globalization;
using Sorcha.Contracts.Blueprints;

namespace Sorcha.Blueprint.Service.Attachments;

/// <summary>
/// Who receives which file: the action's disclosures decide, as they do for data. A participant receives every file
/// through <c>/*</c> (or <c>""</c>, the whole document) or <c>/attachments</c>, and file N through
/// <c>/attachments/N</c> (N as RFC 6901 writes an array index: 0, or digits without a leading zero). A deeper pointer
/// (<c>/attachments/0/name</c>) discloses no file. The same pointers still select data fields of that name.
/// Recipients are wallet addresses, each once, in the order of the action's disclosures.
/// </summary>
public static class AttachmentDisclosure
{
    public const string Member = "attachments";

    public static List<PlannedAttachment> Plan(BlueprintAction action, IReadOnlyDictionary<string, string> participants,
        IReadOnlyList<UploadedFile> files)
    {
        var recipients = files.Select(_ => new List<string>()).ToList();
        foreach (var disclosure in action.Disclosures ?? [])
        {
            if (disclosure is null || !participants.TryGetValue(disclosure.Participant, out var wallet))
            {
                continue;
            }

            foreach (var pointer in disclosure.Pointers ?? [])
            {
                for (var i = 0; i < files.Count; i++)
                {
                    if (Discloses(pointer, i) && !recipients[i].Contains(wallet, StringComparer.Ordinal))
                    {
                        recipients[i].Add(wallet);
                    }
                }
            }
        }

        return [.. files.Select((f, i) => new PlannedAttachment(f, recipients[i]))];
    }

    /// <summary>Whether the disclosure pointer <paramref name="path"/> discloses file <paramref name="index"/>.</summary>
    public static bool Discloses(string? path, int index) =>
        path is "" or "/*" or "/" + Member
        || path == "/" + Member + "/" + index.ToString(CultureInfo.InvariantCulture);
}
