using System.Diagnostics;

namespace Sorcha.Performance.Engine;

/// <summary>git in the working directory (the repository root, where the scripts run the harness).</summary>
public static class Git
{
    /// <summary>The command's trimmed output, or null when it fails or git is missing (a figure then says "unknown").</summary>
    public static string? Run(params string[] args)
    {
        try
        {
            using var git = Process.Start(new ProcessStartInfo("git", args) { RedirectStandardOutput = true, RedirectStandardError = true })!;
            var output = git.StandardOutput.ReadToEnd().Trim();
            git.WaitForExit();
            return git.ExitCode == 0 ? output : null;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }
}
