using System.Net;
using System.Text;
using System.Text.Json;
using Sorcha.Performance.Engine.Reports;
using static Sorcha.Performance.Engine.Reports.ResultsReport;

namespace Sorcha.Performance.Engine.Soak;

/// <summary>
/// soak.json (every resource sample and the verdict), soak.md and soak.html: the verdict, the latency percentiles per
/// window (a minute each in scripts/soak.sh), and charts of every process's memory and CPU, Redis's memory and keys
/// and what the load stored, over the whole run. results.html beside it has each scenario's latency charts.
/// </summary>
public static class SoakReport
{
    private static readonly string[] Palette =
        ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#17becf", "#333333"];

    public static async Task WriteAsync(string outDir, RunResults run, IReadOnlyList<ResourceSample> samples, SoakVerdict verdict)
    {
        await File.WriteAllTextAsync(Path.Combine(outDir, "soak.json"),
            JsonSerializer.Serialize(new { verdict, samples }, RunResults.Json) + "\n", CancellationToken.None);
        await File.WriteAllTextAsync(Path.Combine(outDir, "soak.md"), Markdown(run, verdict), CancellationToken.None);
        await File.WriteAllTextAsync(Path.Combine(outDir, "soak.html"), Html(run, samples, verdict), CancellationToken.None);
    }

    public static string Markdown(RunResults run, SoakVerdict verdict) =>
        "# Soak\n\n" + Header(run.Metadata) + "\n" + Summary(verdict) + "\n" + Drifts(verdict).ToMarkdown() + "\n" + Growth(verdict).ToMarkdown()
        + "\nP99 per window (ms):\n\n" + PerWindow(run).ToMarkdown();

    public static string Summary(SoakVerdict v) => v.Passed
        ? $"**pass**: no failed request, no P99 drift, no growth beyond the model (spans of {v.SpanSeconds:0} s)\n"
        : "**fail**:\n" + string.Concat(v.Reasons.Select(r => $"- {r}\n"));

    public static Table Drifts(SoakVerdict v) => new(["scenario", "first span P99", "last span P99", "ratio", "requests", "failed", "dropped", "verdict"],
        [.. v.Drifts.Zip(v.Failures, (d, f) => (IReadOnlyList<string>)[d.Scenario, F(d.FirstP99), F(d.LastP99), F(d.Ratio),
            $"{N(d.FirstCount)} / {N(d.LastCount)}", N(f.Failed), N(f.Dropped), d.Drifted || f.Failed + f.Dropped > 0 ? "FAIL" : "ok"])]);

    public static Table Growth(SoakVerdict v)
    {
        var rows = v.Growth.Processes.Select(p => (IReadOnlyList<string>)[p.Name + " resident", F(p.FirstMb), F(p.LastMb), F(p.AllowedMb)]).ToList();
        if (v.Growth.Redis is { } r)
        {
            rows.Insert(0, ["redis used_memory", F(r.FirstMb), F(r.LastMb),
                $"{F(r.ExplainedMb)} ({N(r.Stored.Transactions)} transactions, {N(r.Stored.Instances)} instances, {N(r.Stored.Blueprints)} blueprints)"]);
        }

        return new(["memory", "first span MB", "last span MB", "allowed growth MB"], rows);
    }

    private static Table PerWindow(RunResults run) => new(["scenario", .. Enumerable.Range(1, run.Metadata.Windows).Select(w => $"{w}")],
        [.. run.Scenarios.Select(s => (IReadOnlyList<string>)[s.Scenario, .. s.Windows.Select(w => F(w.P99))])]);

    private static string Html(RunResults run, IReadOnlyList<ResourceSample> samples, SoakVerdict verdict)
    {
        var m = run.Metadata;
        var (seconds, warmUp) = (m.WarmUpSeconds + m.DurationSeconds, m.WarmUpSeconds);
        var body = new StringBuilder("<h1>Soak</h1>\n<ul>");
        foreach (var line in Header(m).Split('\n', StringSplitOptions.RemoveEmptyEntries))
        {
            body.Append("<li>").Append(WebUtility.HtmlEncode(line.TrimStart('-', ' '))).Append("</li>");
        }

        body.Append("</ul>\n<pre>").Append(WebUtility.HtmlEncode(Summary(verdict))).Append("</pre>\n")
            .Append(Drifts(verdict).ToHtml()).Append(Growth(verdict).ToHtml())
            .Append("<h2>Latency per window</h2>\n").Append(PerWindowChart(run)).Append(PerWindow(run).ToHtml())
            .Append("<h2>Resources, every ").Append(ResourceSampler.Interval.TotalSeconds).Append(" s</h2>\n<div class=\"charts\">");
        var names = samples.SelectMany(s => s.Processes).Select(p => p.Name).Distinct().Order(StringComparer.Ordinal).ToList();
        Svg.Line Line(string name, int i, Func<ResourceSample, double?> y) =>
            new(Svg.Id(name), name, Palette[i % Palette.Length], [.. samples.Select(s => (s.At, y(s)))]);
        string PerProcess(string id, string title, string unit, Func<ProcessSample, double?> y)
        {
            List<Svg.Line> lines = [.. names.Select((n, i) => Line(n, i, s => s.Processes.FirstOrDefault(p => p.Name == n) is { } p ? y(p) : null))];
            return "<div>" + Svg.TimeChart(id, title, unit, seconds, warmUp, lines, legend: false) + Svg.HtmlLegend(lines) + "</div>";
        }

        body.Append(PerProcess("rss", "resident memory per process", "MB", p => p.RssMb))
            .Append(PerProcess("cpu", "CPU per process (% of one core)", "%", p => p.CpuPercent))
            .Append(Svg.TimeChart("redis-memory", "Redis used_memory", "MB", seconds, warmUp, [Line("used_memory", 0, s => s.RedisUsedMb)]))
            .Append(Svg.TimeChart("redis-keys", "Redis keys", "", seconds, warmUp, [Line("keys", 1, s => s.RedisKeys)]))
            .Append(Svg.TimeChart("stored", "stored by the load (since it started)", "", seconds, warmUp,
            [
                Line("transactions", 0, s => s.Stored.Transactions - samples[0].Stored.Transactions),
                Line("instances", 1, s => s.Stored.Instances - samples[0].Stored.Instances),
                Line("blueprints", 2, s => s.Stored.Blueprints - samples[0].Stored.Blueprints),
            ]));
        return Page("Soak", body.Append("</div>").ToString());
    }

    private static string PerWindowChart(RunResults run)
    {
        var m = run.Metadata;
        var width = m.DurationSeconds / m.Windows;
        List<Svg.Line> lines = [.. run.Scenarios.Select((s, i) => new Svg.Line(Svg.Id(s.Scenario), s.Scenario, Palette[i % Palette.Length],
            [.. s.Windows.Select(w => (m.WarmUpSeconds + (w.Index + 0.5) * width, (double?)w.P99))]))];
        return Svg.TimeChart("p99-per-window", "P99 per window", "ms", m.WarmUpSeconds + m.DurationSeconds, m.WarmUpSeconds, lines, legend: false)
               + Svg.HtmlLegend(lines);
    }
}
