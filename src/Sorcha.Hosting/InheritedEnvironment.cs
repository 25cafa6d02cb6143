using System.Collections;

namespace Sorcha.Hosting;

/// <summary>
/// What a child process takes from the orchestrator's own environment: nothing but an allow-list. The orchestrator's
/// environment can hold anything its caller had (AppHost parameters such as Parameters__wallet-kek, cloud credentials,
/// another platform's secret), so a child starts clean and gets these plus its own <see cref="ResourceSpec.Environment"/>.
/// </summary>
public static class InheritedEnvironment
{
    /// <summary>
    /// Every child: where programs, libraries (a libsodium outside the system folders) and the home folder are, user,
    /// temp folder, time zone, locale, the .NET runtime's own knobs (DOTNET_ROOT, DOTNET_gcServer …) and the runtime
    /// folder rootless container engines keep their socket in.
    /// </summary>
    public static readonly IReadOnlyList<string> Basics =
        ["PATH", "HOME", "USER", "LOGNAME", "TMPDIR", "TZ", "LANG", "LANGUAGE", "LC_*", "XDG_RUNTIME_DIR", "LD_LIBRARY_PATH", "DOTNET_*"];

    /// <summary>The variables of this process that match <paramref name="patterns"/>: exact names, or prefixes ending in '*'.</summary>
    public static Dictionary<string, string> Pick(IEnumerable<string> patterns)
    {
        var wanted = patterns.ToList();
        return Environment.GetEnvironmentVariables().Cast<DictionaryEntry>()
            .Select(e => (Name: (string)e.Key, Value: e.Value as string))
            .Where(e => e.Value is { Length: > 0 } && wanted.Any(p => Matches(e.Name, p)))
            .ToDictionary(e => e.Name, e => e.Value!, StringComparer.Ordinal);
    }

    private static bool Matches(string name, string pattern) => pattern.EndsWith('*')
        ? name.StartsWith(pattern[..^1], StringComparison.Ordinal)
        : name.Equals(pattern, StringComparison.Ordinal);
}
