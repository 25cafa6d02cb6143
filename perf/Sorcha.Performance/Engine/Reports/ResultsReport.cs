using System.Globalization;
using System.Net;
using System.Text;

namespace Sorcha.Performance.Engine.Reports;

/// <summary>results.md, results.html and the console summary of one run (what NBomber's reports would have been).</summary>
public static class ResultsReport
{
    public static Table Figures(RunResults run) => new(
        ["scenario", "rate/s", "requests", "OK", "fail", "RPS", "mean", "P50", "P75", "P95", "P99", "max", "stddev",
            "late", "dropped", "lag P99"],
        [.. run.Scenarios.Select(r => (IReadOnlyList<string>)[r.Scenario, F(r.Rate, "0.#"), N(r.Requests), N(r.Ok), N(r.Fail),
            F(r.Rps, "0.0"), F(r.Mean), F(r.P50), F(r.P75), F(r.P95), F(r.P99), F(r.Max), F(r.StdDev),
            N(r.Sends.Late), N(r.Sends.Dropped), F(r.Sends.LagP99Ms)])]);

    public static string Header(RunMetadata m) =>
        string.Create(CultureInfo.InvariantCulture, $"""
            - command: `{m.Command}`
            - target: {m.Target} (configuration: {m.TargetConfiguration}); harness configuration: {m.HarnessConfiguration}
            - commit: {m.Commit}{(m.UncommittedChanges ? " plus uncommitted changes" : "")}
            - machine: {m.Machine.Cores} cores, {m.Machine.Cpu}, {m.Machine.MemoryGiB} GiB, {m.Machine.Os}
            - {m.Mode}{(m.Conditions is { } c ? $" ({c})" : "")}: warm-up {m.WarmUpSeconds} s, measured {m.DurationSeconds} s in {m.Windows} window(s), rate scale {m.RateScale}
            - UTC {m.StartedAt:yyyy-MM-dd HH:mm:ss} to {m.EndedAt:HH:mm:ss}; load average at start {Load(m.LoadAverageAtStart)}, at end {Load(m.LoadAverageAtEnd)}

            """);

    public static string Footer =>
        "Latencies in ms, of OK requests, from each request's actual start to its last response; warm-up excluded. " +
        "late: sends started more than " + SendReport.LateMs.ToString(CultureInfo.InvariantCulture) +
        " ms after due; dropped: not sent (too many in flight), counted as failures; lag P99: start lag in ms.\n";

    /// <summary>Server-Timing stages per scenario (only scenarios whose responses carry the header).</summary>
    public static Table? Stages(RunResults run)
    {
        var rows = run.Scenarios.Where(s => s.Stages is { Count: > 0 }).SelectMany(s => s.Stages!.Select(st =>
            (IReadOnlyList<string>)[s.Scenario, st.Key, N(st.Value.Count), F(st.Value.Mean), F(st.Value.P50), F(st.Value.P95), F(s.Mean)])).ToList();
        return rows.Count == 0 ? null : new(["scenario", "stage", "count", "mean", "P50", "P95", "request mean"], rows);
    }

    public const string StagesNote =
        "Where the time goes: the services' Server-Timing stages of measured responses (ms, server side); the request mean is the " +
        "client's, so the difference is the gateway, the network, queueing and the stages not measured.\n";

    public static string Markdown(RunResults run) =>
        "# Load test results\n\n" + Header(run.Metadata) + "\n" + Figures(run).ToMarkdown() + "\n" + Footer
        + (Stages(run) is { } stages ? "\n## Where the time goes\n\n" + stages.ToMarkdown() + "\n" + StagesNote : "") + Errors(run);

    public static string Html(RunResults run)
    {
        var body = new StringBuilder("<h1>Load test results</h1>\n<ul>");
        foreach (var line in Header(run.Metadata).Split('\n', StringSplitOptions.RemoveEmptyEntries))
        {
            body.Append("<li>").Append(WebUtility.HtmlEncode(line.TrimStart('-', ' '))).Append("</li>");
        }

        body.Append("</ul>\n").Append(Figures(run).ToHtml()).Append("<p>").Append(WebUtility.HtmlEncode(Footer)).Append("</p>\n");
        if (Stages(run) is { } stages)
        {
            body.Append("<h2>Where the time goes</h2>\n").Append(stages.ToHtml()).Append("<p>").Append(WebUtility.HtmlEncode(StagesNote)).Append("</p>\n");
        }

        body.Append("<h2>P95 per window (ms)</h2>\n");
        var windows = run.Metadata.Windows;
        body.Append(new Table(["scenario", .. Enumerable.Range(1, windows).Select(w => $"window {w}")],
            [.. run.Scenarios.Select(r => (IReadOnlyList<string>)[r.Scenario, .. r.Windows.Select(w => F(w.P95))])]).ToHtml());
        body.Append("<h2>Charts</h2>\n<p>Time runs from the start of the warm-up (shaded; excluded from every figure above). Latencies of OK requests; ")
            .Append("failures include dropped sends. Start lag is how late the generator started requests (not in the latencies): a rise ")
            .Append("there means the generator, not the server, was late, and the server saw burstier arrivals than scheduled. A bucket's P99 rests on its own requests: under 100 of them, it is ")
            .Append("the bucket's slowest (under 20, so is P95). Each y scale fits the measured window; warm-up values above it are drawn at the top.</p>\n");
        foreach (var r in run.Scenarios)
        {
            body.Append(Charts(r));
        }

        return Page("Load test results", body.Append("<pre>").Append(WebUtility.HtmlEncode(Errors(run))).Append("</pre>").ToString());
    }

    /// <summary>One scenario's charts: three on one time axis (latency, start lag, throughput), the histogram beside them.</summary>
    private static string Charts(ScenarioResult r)
    {
        if (r.Timeline is not { } timeline)
        {
            return "";
        }

        var id = Svg.Id(r.Scenario);
        var seconds = timeline.Buckets.Count * timeline.BucketSeconds;
        Svg.Line Series(string name, string label, string color, Func<TimeBucket, double?> y, bool dashed = false) =>
            new(name, label, color, [.. timeline.Buckets.Select(b => (b.Start + timeline.BucketSeconds / 2, y(b)))], dashed);
        var per = timeline.BucketSeconds == 1 ? "per second" : $"per {timeline.BucketSeconds:0} s";
        var time = Svg.TimeChart($"{id}-latency", $"{r.Scenario}: latency {per}", "ms", seconds, timeline.WarmUpSeconds,
                [Series("p50", "P50", "#4e79a7", b => b.P50), Series("p95", "P95", "#f28e2b", b => b.P95), Series("p99", "P99", "#b07aa1", b => b.P99, dashed: true)])
            + Svg.TimeChart($"{id}-lag", "generator start lag", "ms", seconds, timeline.WarmUpSeconds, [Series("lag-p99", "lag P99", "#59a14f", b => b.LagP99Ms)])
            + Svg.TimeChart($"{id}-throughput", "throughput and failures", "/s", seconds, timeline.WarmUpSeconds,
                [Series("rps", "requests/s", "#4e79a7", b => b.Rps), Series("failures", "failures/s", "#d62728", b => b.FailuresPerSecond)]);
        var histogram = r.Histogram is { } h
            ? Svg.Histogram($"{id}-histogram", "latency distribution (measured, log buckets)", h, [("P50", r.P50), ("P95", r.P95), ("P99", r.P99)])
            : "";
        return $"""<section class="scenario" id="{id}"><h3>{WebUtility.HtmlEncode(r.Scenario)}</h3><div class="charts"><div>{time}</div><div>{histogram}</div></div></section>""" + "\n";
    }

    /// <summary>A self-contained page: no scripts, no external styles.</summary>
    public static string Page(string title, string body) =>
        $$"""
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>{{WebUtility.HtmlEncode(title)}}</title>
        <style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}
        th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child,th:first-child{text-align:left}
        th{background:#f3f3f3}.bad{background:#fdd;font-weight:bold}
        .charts{display:flex;flex-wrap:wrap;gap:12px}svg{display:block;margin:0 0 6px}h3{margin:1.5em 0 .3em}</style></head>
        <body>
        {{body}}
        </body></html>
        """;

    private static string Errors(RunResults run)
    {
        var failing = run.Scenarios.Where(s => s.Errors.Count > 0).ToList();
        return failing.Count == 0 ? "" : "\nFailures by kind (warm-up included):\n" + string.Concat(failing.SelectMany(s =>
            s.Errors.Select(e => string.Create(CultureInfo.InvariantCulture, $"- {s.Scenario}: {e.Value} × {e.Key}\n"))));
    }

    private static string Load(double[]? load) => load is null or [] ? "n/a" : string.Join(" ", load.Select(l => l.ToString("0.00", CultureInfo.InvariantCulture)));
    public static string F(double value, string format = "0.00") => value.ToString(format, CultureInfo.InvariantCulture);
    public static string N(long value) => value.ToString("N0", CultureInfo.InvariantCulture);
}
