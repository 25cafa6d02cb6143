namespace Sorcha.Web.Api;

/// <summary>
/// The limits the step form shows before a file is chosen: the Blueprint service's Limits:Attachments settings, which
/// the AppHost gives every process (docs/limits.md). The form refuses a file beyond them at once; the service still
/// checks every file itself and its 413 is shown as it comes.
/// </summary>
public sealed record AttachmentLimits(long MaxFileBytes, int MaxFiles, long MaxActionBytes)
{
    public static AttachmentLimits From(IConfiguration configuration)
    {
        var section = configuration.GetSection("Limits:Attachments");
        return new(section.GetValue("MaxFileBytes", 262_144L), section.GetValue("MaxFiles", 4), section.GetValue("MaxActionBytes", 524_288L));
    }

    public string Describe() => $"Up to {MaxFiles} files, each up to {Size(MaxFileBytes)}, {Size(MaxActionBytes)} in all.";

    public static string Size(long bytes) => bytes >= 1 << 20 ? $"{bytes / (1024.0 * 1024):0.#} MiB" : $"{bytes / 1024.0:0.#} KiB";
}
