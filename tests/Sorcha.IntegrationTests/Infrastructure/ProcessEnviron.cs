namespace Sorcha.IntegrationTests.Infrastructure;

/// <summary>A child process's environment as it started with it, from /proc/&lt;pid&gt;/environ.</summary>
public static class ProcessEnviron
{
    /// <summary>
    /// redis-server writes its process title over that memory (setproctitle), so there /proc may show no variable at
    /// all; its inherited part is then the same as every other child's (all come from DCP, which the AppHost started
    /// with its cleaned environment).
    /// </summary>
    public static Dictionary<string, string> Read(System.Diagnostics.Process process) =>
        File.ReadAllText($"/proc/{process.Id}/environ").Split('\0')
            .Where(e => e.Contains('=', StringComparison.Ordinal))
            .Select(e => e.Split('=', 2))
            .GroupBy(e => e[0], StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.First()[1], StringComparer.Ordinal);
}
