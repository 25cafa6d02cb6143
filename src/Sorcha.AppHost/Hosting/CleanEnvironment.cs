using System.Collections;

namespace Sorcha.AppHost.Hosting;

/// <summary>
/// Aspire starts every resource with the AppHost's whole environment (DCP's default), and that environment can hold
/// anything its caller had: AppHost parameters such as Parameters__wallet-kek, cloud credentials, another platform's
/// secret. So once the AppHost has read its configuration, it keeps only an allow-list in its own environment, and DCP
/// (started after this) hands its children nothing else; each then gets its own settings and secrets from the app model.
/// </summary>
public static class CleanEnvironment
{
    /// <summary>
    /// What stays: where programs, libraries and the home folder are, user, temp folder, time zone, locale, the .NET
    /// runtime's own knobs (DOTNET_ROOT, DOTNET_gcServer …), what DCP and a container engine need to run.
    /// </summary>
    public static readonly IReadOnlyList<string> Basics =
    [
        "PATH", "HOME", "USER", "LOGNAME", "TMPDIR", "TZ", "LANG", "LANGUAGE", "LC_*", "XDG_RUNTIME_DIR", "LD_LIBRARY_PATH",
        "DOTNET_*", "NUGET_PACKAGES", "DOCKER_*", "DCP_*",
    ];

    /// <summary>The variables of this process that match <paramref name="patterns"/>: exact names, or prefixes ending in '*'.</summary>
    public static Dictionary<string, string> Pick(IEnumerable<string> patterns)
    {
        var wanted = patterns.ToList();
        return Variables().Where(e => wanted.Any(p => Matches(e.Key, p))).ToDictionary(StringComparer.Ordinal);
    }

    /// <summary>Removes from this process's environment every variable that is not one of the <see cref="Basics"/>.</summary>
    public static void Apply()
    {
        foreach (var (name, _) in Variables().Where(e => !Basics.Any(p => Matches(e.Key, p))))
        {
            Environment.SetEnvironmentVariable(name, null);
        }
    }

    private static IEnumerable<KeyValuePair<string, string>> Variables() =>
        Environment.GetEnvironmentVariables().Cast<DictionaryEntry>()
            .Where(e => e.Value is string { Length: > 0 })
            .Select(e => new KeyValuePair<string, string>((string)e.Key, (string)e.Value!));

    private static bool Matches(string name, string pattern) => pattern.EndsWith('*')
        ? name.StartsWith(pattern[..^1], StringComparison.Ordinal)
        : name.Equals(pattern, StringComparison.Ordinal);
}
