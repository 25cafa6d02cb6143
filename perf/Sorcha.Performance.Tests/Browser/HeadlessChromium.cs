using System.Diagnostics;
using AngleSharp.Dom;
using AngleSharp.Html.Parser;
using StbImageSharp;

namespace Sorcha.Performance.Tests.Browser;

/// <summary>
/// Debian's chromium, headless, driven by its command line (no browser driver is served here): a page's DOM after
/// load, the console messages it logged, and screenshots. Reusable by any test that must see a page in a real browser.
/// </summary>
public sealed class HeadlessChromium(string executable)
{
    private static readonly string[] Names = ["chromium", "chromium-browser", "google-chrome"];

    /// <summary>The browser's path (for a driver such as Playwright that launches it itself).</summary>
    public string Executable => executable;

    /// <summary>
    /// The browser on PATH. When absent a test is skipped with the reason, except under CI (CI=true), where it fails:
    /// CI installs chromium (.ci/run), so a missing one there is a broken machine, not a reason to test less.
    /// </summary>
    public static HeadlessChromium Require()
    {
        var found = (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator)
            .SelectMany(dir => Names.Select(name => Path.Combine(dir, name))).FirstOrDefault(File.Exists);
        if (found is null)
        {
            const string reason = "chromium is not installed (apt-get install -y chromium; .ci/run installs it)";
            Assert.False(string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase), reason);
            Skip.If(true, reason);
        }

        return new HeadlessChromium(found!);
    }

    /// <summary>The DOM of a file or an http address after load, parsed, and every console message (Chromium logs them to stderr as ":CONSOLE" lines).</summary>
    public async Task<(IDocument Dom, IReadOnlyList<string> Console)> LoadAsync(string file)
    {
        var (stdout, stderr) = await RunAsync("--enable-logging=stderr", "--v=0", "--dump-dom", Url(file));
        var console = stderr.Split('\n').Where(l => l.Contains(":CONSOLE", StringComparison.Ordinal)).ToList();
        return (await new HtmlParser().ParseDocumentAsync(stdout), console);
    }

    /// <summary>A PNG of the page's first <paramref name="height"/> pixels at <paramref name="width"/> wide, decoded.</summary>
    public async Task<ImageResult> ScreenshotAsync(string file, string png, int width, int height)
    {
        File.Delete(png);
        await RunAsync($"--screenshot={png}", $"--window-size={width},{height}", "--hide-scrollbars", Url(file));
        Assert.True(File.Exists(png), $"chromium wrote no screenshot {png}");
        return ImageResult.FromMemory(await File.ReadAllBytesAsync(png), ColorComponents.RedGreenBlue);
    }

    /// <summary>A file's URL; an http(s) address (a served page, e.g. the AppHost's dashboard) as it is.</summary>
    private static string Url(string file) =>
        file.StartsWith("http://", StringComparison.Ordinal) || file.StartsWith("https://", StringComparison.Ordinal)
            ? file
            : new Uri(Path.GetFullPath(file)).AbsoluteUri;

    private async Task<(string Stdout, string Stderr)> RunAsync(params string[] args)
    {
        // A profile of its own per run: parallel tests must not share one (Chromium locks it).
        var profile = Directory.CreateTempSubdirectory("chromium-profile-");
        var start = new ProcessStartInfo(executable)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            ArgumentList = { "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", $"--user-data-dir={profile.FullName}" },
        };
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        try
        {
            using var process = Process.Start(start)!;
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(90));
            var stdout = process.StandardOutput.ReadToEndAsync(timeout.Token);
            var stderr = process.StandardError.ReadToEndAsync(timeout.Token);
            try
            {
                await process.WaitForExitAsync(timeout.Token);
            }
            catch (OperationCanceledException)
            {
                process.Kill(entireProcessTree: true);
                throw;
            }

            Assert.True(process.ExitCode == 0, $"chromium exited {process.ExitCode}: {await stderr}");
            return (await stdout, await stderr);
        }
        finally
        {
            profile.Delete(recursive: true);
        }
    }
}
