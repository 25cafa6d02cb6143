using System.Globalization;
using System.Text.RegularExpressions;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Contracts.Instances;
using Sorcha.Cryptography;

namespace Sorcha.Blueprint.Service.Attachments;

/// <summary>
/// The body's <c>attachments</c>: each file's name, media type and content (400 naming each bad field), then the
/// size limits (413 naming the setting). Pure. The names and types end up in the clear on the register, and a name
/// is what a recipient saves the file as, so it must be a plain file name.
/// </summary>
public static partial class AttachmentChecks
{
    public const int MaxNameLength = 255;
    public const int MaxContentTypeLength = 255;

    /// <returns>The files, or null when none were sent; field errors go to <paramref name="errors"/>.</returns>
    public static List<UploadedFile>? Read(IReadOnlyList<AttachmentUpload?>? given, FieldErrors errors)
    {
        if (given is null)
        {
            return null;
        }

        var files = new List<UploadedFile>(given.Count);
        for (var i = 0; i < given.Count; i++)
        {
            var field = $"attachments[{i}]";
            if (given[i] is not { } file)
            {
                errors.Add(field, "must be { name, contentType, content }.");
                continue;
            }

            var nameOk = NameProblem(file.Name) is not { } nameProblem || Fail(errors, $"{field}.name", nameProblem);
            var typeOk = IsMediaType(file.ContentType) || Fail(errors, $"{field}.contentType",
                $"contentType must be a media type (type/subtype, optional parameters; RFC 9110), at most {MaxContentTypeLength} characters.");
            var content = errors.Base64($"{field}.content", file.Content);
            if (nameOk && typeOk && content is not null)
            {
                files.Add(new UploadedFile(file.Name!, file.ContentType!, content, Hashes.ToHex(Hashes.Sha256(content))));
            }
        }

        return files;
    }

    /// <summary>413 when the files pass one of the limits (each named with its setting).</summary>
    public static void CheckSizes(IReadOnlyList<UploadedFile> files, AttachmentOptions limits)
    {
        if (files.Count > limits.MaxFiles)
        {
            throw TooLarge($"An action carries at most {limits.MaxFiles} attachments (Limits:Attachments:MaxFiles); this one has {files.Count}.");
        }

        for (var i = 0; i < files.Count; i++)
        {
            if (files[i].Content.Length > limits.MaxFileBytes)
            {
                throw TooLarge(string.Create(CultureInfo.InvariantCulture,
                    $"attachments[{i}] is larger than the limit of {limits.MaxFileBytes} bytes per file (Limits:Attachments:MaxFileBytes)."));
            }
        }

        var total = files.Sum(f => (long)f.Content.Length);
        if (total > limits.MaxActionBytes)
        {
            throw TooLarge(string.Create(CultureInfo.InvariantCulture,
                $"The attachments ({total} bytes) are larger than the limit of {limits.MaxActionBytes} bytes per action (Limits:Attachments:MaxActionBytes)."));
        }
    }

    /// <summary>413 when the files sealed once per recipient pass <see cref="AttachmentOptions.MaxSealedBytes"/>.</summary>
    public static void CheckSealed(IReadOnlyList<PlannedAttachment> planned, AttachmentOptions limits)
    {
        var sealedBytes = planned.Sum(p => p.SealedBytes);
        if (sealedBytes > limits.MaxSealedBytes)
        {
            throw TooLarge(string.Create(CultureInfo.InvariantCulture,
                $"The attachments sealed once per recipient come to {sealedBytes} bytes, more than the limit of {limits.MaxSealedBytes} (Limits:Attachments:MaxSealedBytes)."));
        }
    }

    /// <summary>The request body this route admits: the data's own limit plus the files at most, base64-encoded, with their members.</summary>
    public static long BodyLimit(long dataBytes, AttachmentOptions limits) =>
        dataBytes + (limits.MaxActionBytes + 2) / 3 * 4
        + (long)limits.MaxFiles * (64 + 6 * (MaxNameLength + MaxContentTypeLength)); // members, worst-case \uXXXX escapes

    internal static string? NameProblem(string? name)
    {
        if (string.IsNullOrEmpty(name) || name.Length > MaxNameLength)
        {
            return $"name is required, 1 to {MaxNameLength} characters.";
        }

        if (name is "." or ".." || name.Any(c => c is '/' or '\\' || char.IsControl(c)))
        {
            return "name must be a file name: no path separators (/ \\), no control characters, not . or ..";
        }

        for (var i = 0; i < name.Length; i++)
        {
            if (char.IsSurrogate(name[i]) && !(char.IsHighSurrogate(name[i]) && i + 1 < name.Length && char.IsLowSurrogate(name[++i])))
            {
                return "name must be valid Unicode (a lone surrogate is not).";
            }
        }

        return null;
    }

    internal static bool IsMediaType(string? value) => value is { Length: > 0 and <= MaxContentTypeLength } && MediaType().IsMatch(value);

    /// <summary>RFC 9110 §8.3.1: type "/" subtype *( OWS ";" OWS parameter ), tokens of tchar, values a token or quoted-string.</summary>
    [GeneratedRegex("""^[!#$%&'*+.^_`|~0-9A-Za-z-]+/[!#$%&'*+.^_`|~0-9A-Za-z-]+([ \t]*;[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+=([!#$%&'*+.^_`|~0-9A-Za-z-]+|"([\t \x21\x23-\x5b\x5d-\x7e]|\\[\t \x21-\x7e])*"))*$""",
        RegexOptions.CultureInvariant, matchTimeoutMilliseconds: 1000)]
    private static partial Regex MediaType();

    private static bool Fail(FieldErrors errors, string field, string message)
    {
        errors.Add(field, message);
        return false;
    }

    private static ProblemException TooLarge(string detail) =>
        new(StatusCodes.Status413PayloadTooLarge, "Payload too large", detail);
}
