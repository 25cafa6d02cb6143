using AngleSharp.Dom;
using Sorcha.Performance.Engine.Gate;
using Sorcha.Performance.Engine.Reports;
using StbImageSharp;
using Xunit.Abstractions;

namespace Sorcha.Performance.Tests.Browser;

/// <summary>
/// results.html and comparison.html of realistic made-up runs, opened in headless Chromium: the charts' series are
/// drawn, the page logs nothing to the console and fetches nothing, and a screenshot shows more than a blank page.
/// The screenshots land beside the test assembly (report-pages/); docs/report-*.png are copies of them.
/// </summary>
public sealed class ReportPagesTests(ITestOutputHelper output)
{
    private static readonly string Dir = Directory.CreateDirectory(Path.Combine(AppContext.BaseDirectory, "report-pages")).FullName;

    [SkippableFact]
    public async Task The_results_page_draws_every_chart_of_every_scenario()
    {
        var chromium = HeadlessChromium.Require();
        var run = RealisticRuns.Run(seed: 1);
        var page = Write("results.html", ResultsReport.Html(run));

        var (dom, console) = await chromium.LoadAsync(page);

        Assert.Empty(console);
        SelfContained(dom);
        var buckets = run.Scenarios[0].Timeline!.Buckets.Count;
        foreach (var scenario in run.Scenarios.Select(s => Svg.Id(s.Scenario)))
        {
            foreach (var (chart, series) in new[] { ("latency", "p50"), ("latency", "p95"), ("latency", "p99"), ("lag", "lag-p99"), ("throughput", "rps"), ("throughput", "failures") })
            {
                // One point per bucket: a line, not a dot (the made-up run has an OK request in every bucket).
                Assert.Equal(buckets, Series(dom, $"{scenario}-{chart}", series).Count(c => c is 'M' or 'L'));
            }

            Assert.NotNull(dom.QuerySelector($"#{scenario}-latency rect.warm-up"));
            Assert.True(Series(dom, $"{scenario}-histogram", "histogram").Count(c => c == 'Z') >= 8, $"{scenario}: too few histogram bars");
        }

        NotBlank(await chromium.ScreenshotAsync(page, Path.Combine(Dir, "report-results.png"), 1200, 1400));
    }

    [SkippableFact]
    public async Task The_comparison_page_draws_baseline_current_and_limit_and_a_regression_in_red()
    {
        var chromium = HeadlessChromium.Require();
        var comparison = Comparer.Compare(RealisticRuns.Run(seed: 1), RealisticRuns.Run(seed: 2, slower: "action_submission", factor: 1.6));
        Assert.Equal(1, comparison.ExitCode);
        var page = Write("comparison.html", ComparisonReport.Html(comparison));

        var (dom, console) = await chromium.LoadAsync(page);

        Assert.Empty(console);
        SelfContained(dom);
        Assert.Contains(comparison.Checks, c => c is { Scenario: "action_submission", Metric: "P50", Verdict: Verdict.Regression });
        foreach (var percentiles in comparison.Checks.Where(c => c.Metric is "P50" or "P95" or "P99").GroupBy(c => Svg.Id(c.Scenario)))
        {
            var chart = $"{percentiles.Key}-gate";
            Assert.Equal(3, Series(dom, chart, "baseline").Count(c => c == 'Z'));
            Assert.Equal(3, Series(dom, chart, "limit").Count(c => c == 'M'));
            // Each current bar is blue or, when its check is a regression, red.
            var regressions = percentiles.Count(c => c.Verdict == Verdict.Regression);
            Assert.Equal(regressions, Bars(dom, chart, "regression"));
            Assert.Equal(3 - regressions, Bars(dom, chart, "current"));
        }

        Assert.Equal("#d62728", dom.QuerySelector("path.series-regression")!.GetAttribute("fill"));
        Assert.Contains(dom.QuerySelectorAll("td.bad"), td => td.TextContent == "REGRESSION");
        NotBlank(await chromium.ScreenshotAsync(page, Path.Combine(Dir, "report-comparison.png"), 1200, 900));
    }

    /// <summary>The console check can fail: a page that logs an error is caught.</summary>
    [SkippableFact]
    public async Task A_console_error_is_seen()
    {
        var chromium = HeadlessChromium.Require();
        var page = Write("console-error.html", "<!DOCTYPE html><title>x</title><script>console.error('boom')</script>");

        var (_, console) = await chromium.LoadAsync(page);

        Assert.Contains(console, line => line.Contains("boom", StringComparison.Ordinal));
    }

    private string Write(string name, string html)
    {
        var path = Path.Combine(Dir, name);
        File.WriteAllText(path, html);
        output.WriteLine($"page: {path}");
        return path;
    }

    /// <summary>A series' path data, which must be there and not empty.</summary>
    private static string Series(IDocument dom, string chart, string series)
    {
        var d = dom.QuerySelector($"#{chart} path.series-{series}")?.GetAttribute("d");
        Assert.False(string.IsNullOrWhiteSpace(d), $"#{chart}: no series-{series} drawn");
        return d!;
    }

    private static int Bars(IDocument dom, string chart, string series) =>
        dom.QuerySelector($"#{chart} path.series-{series}")?.GetAttribute("d")?.Count(c => c == 'Z') ?? 0;

    /// <summary>Nothing to run and nothing to fetch: the page works offline.</summary>
    private static void SelfContained(IDocument dom)
    {
        Assert.Empty(dom.QuerySelectorAll("script, link, img, iframe, object, [src]"));
        Assert.DoesNotContain("url(", string.Concat(dom.QuerySelectorAll("style").Select(s => s.TextContent)), StringComparison.Ordinal);
    }

    /// <summary>At least 5 % of the pixels are not background, in many colours (text, lines, bars; anti-aliasing).</summary>
    private static void NotBlank(ImageResult png)
    {
        Assert.Equal(1200, png.Width);
        var pixels = png.Data.Chunk(3).Select(p => (p[0] << 16) | (p[1] << 8) | p[2]).ToArray();
        var background = pixels.CountBy(p => p).MaxBy(g => g.Value).Key;
        Assert.True(pixels.Count(p => p != background) > pixels.Length / 20, "the screenshot is mostly blank");
        Assert.True(pixels.Distinct().Count() > 50, "the screenshot has too few colours to be charts");
    }
}
