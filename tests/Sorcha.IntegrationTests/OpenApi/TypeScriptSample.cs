using System.Diagnostics;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.OpenApi;

/// <summary>samples/clients/typescript, run with Node by the tests that drive the platform through it.</summary>
public static class TypeScriptSample
{
    /// <summary>Packages a run needs; `npm ci` installs them all when one is missing.</summary>
    private static readonly string[] Needed = ["tsx", "openapi-fetch", "@microsoft/signalr", "jsonld"];

    private static readonly SemaphoreSlim NpmCiLock = new(1, 1);

    /// <summary>
    /// The sample's folder with its packages, installed here (`npm ci`) when they are missing, as README's test
    /// command promises to set up what it needs. Without Node the test is skipped with the reason, except under CI
    /// (CI=true), where it fails: CI installs Node (.ci/run), so a missing one there is a broken machine.
    /// </summary>
    public static async Task<string> FolderAsync()
    {
        var sample = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(Samples.BlueprintPath("expense-approval"))!, "..", "clients", "typescript"));
        if (Which("node") is null || Which("npm") is null)
        {
            const string reason = "Node 20 or newer is not installed (apt-get install nodejs npm; .ci/run installs it)";
            Assert.False(string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase), reason);
            Skip.If(true, reason);
        }

        await NpmCiLock.WaitAsync();
        try
        {
            if (!Needed.All(package => File.Exists(Path.Combine(sample, "node_modules", package, "package.json"))))
            {
                var (code, output, errors) = await RunAsync("npm", sample, ["ci", "--no-audit", "--no-fund"], new Dictionary<string, string>(),
                    TimeSpan.FromMinutes(5));
                Assert.True(code == 0, $"`npm ci` in {sample} exited {code}:\n{output}\n{errors}");
            }
        }
        finally
        {
            NpmCiLock.Release();
        }

        return sample;
    }

    /// <summary>`node --import tsx <paramref name="arguments"/>` in the sample's folder; killed after <paramref name="timeout"/>.</summary>
    public static Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(string sample, IEnumerable<string> arguments,
        IReadOnlyDictionary<string, string> environment, TimeSpan timeout) =>
        RunAsync("node", sample, ["--import", "tsx", .. arguments], environment, timeout);

    private static async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(string program, string folder,
        IEnumerable<string> arguments, IReadOnlyDictionary<string, string> environment, TimeSpan timeout)
    {
        var start = new ProcessStartInfo(program, arguments)
        {
            WorkingDirectory = folder,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        start.Environment["NO_COLOR"] = "1";
        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var deadline = new CancellationTokenSource(timeout);
        try
        {
            await process.WaitForExitAsync(deadline.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync();
            Assert.Fail($"{program} {string.Join(' ', arguments)} did not finish within {timeout.TotalSeconds} s:\n{await stdout}\n{await stderr}");
        }

        return (process.ExitCode, await stdout, await stderr);
    }

    private static string? Which(string command) => (Environment.GetEnvironmentVariable("PATH") ?? "")
        .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
        .Select(dir => Path.Combine(dir, command)).FirstOrDefault(File.Exists);
}
