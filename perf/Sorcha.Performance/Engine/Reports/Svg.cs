using System.Globalization;
using System.Net;
using System.Text;

namespace Sorcha.Performance.Engine.Reports;

/// <summary>
/// The report's charts as inline SVG. Hand-written on purpose: no charting library is served here, and the pages must
/// stay single offline files (no script, no font, nothing fetched), which a few dozen lines of SVG do. Every series is
/// one &lt;path&gt; with class "series series-NAME" and a page-unique id, so the browser test can find it.
/// </summary>
public static class Svg
{
    private const int Width = 560, Height = 170;
    private const int Left = 60, Right = 12, Top = 26, Bottom = 30;
    private static readonly Dictionary<string, string> PairColours = new() { ["baseline"] = "#bab0ac", ["current"] = "#4e79a7", ["regression"] = "#d62728", ["limit"] = "#333" };

    /// <param name="Points">x in the chart's unit; a null y leaves a gap.</param>
    /// <param name="Dashed">Drawn dashed, so that a line it covers (P95 under an equal P99) shows through.</param>
    public sealed record Line(string Name, string Label, string Color, IReadOnlyList<(double X, double? Y)> Points, bool Dashed = false);

    /// <summary>
    /// Lines over time (x in seconds), the warm-up shaded. The y scale fits the measured window: a cold start's spike
    /// would otherwise flatten it, so warm-up values above the scale are drawn at its top.
    /// </summary>
    /// <param name="legend">Off for many lines, whose legend the page then gives below the chart (<see cref="HtmlLegend"/>).</param>
    public static string TimeChart(string id, string title, string unit, double seconds, double warmUp, IReadOnlyList<Line> lines, bool legend = true)
    {
        var points = lines.SelectMany(l => l.Points).ToList();
        var yMax = Nice(points.Where(p => p.X >= warmUp).Max(p => p.Y) ?? points.Max(p => p.Y) ?? 0);
        var svg = Open(id, title, Width, legend ? lines.Select(l => (l.Label, l.Color)) : []);
        var (xMax, xStep) = (seconds, Nice(seconds, 6).Step);
        svg.Append(Frame(yMax.Max, yMax.Step, unit));
        if (warmUp > 0)
        {
            svg.Append(Invariant($"""<rect class="warm-up" x="{X(0, xMax)}" y="{Top}" width="{X(warmUp, xMax) - Left:0.#}" height="{Height - Top - Bottom}" fill="#000" fill-opacity="0.07"/><text x="{X(warmUp, xMax) - 4}" y="{Top + 12}" text-anchor="end" fill="#777">warm-up</text>"""));
        }

        for (var t = 0.0; t <= xMax + 1e-9; t += xStep)
        {
            svg.Append(Invariant($"""<text x="{X(t, xMax)}" y="{Height - Bottom + 14}" text-anchor="middle">{t:0.#} s</text>"""));
        }

        foreach (var line in lines)
        {
            var d = new StringBuilder();
            var pen = 'M';
            foreach (var (x, y) in line.Points)
            {
                pen = y is { } v ? Append(d, pen, X(x, xMax), Y(Math.Min(v, yMax.Max), yMax.Max)) : 'M';
            }

            svg.Append(Invariant($"""<path id="{id}-{line.Name}" class="series series-{line.Name}" d="{d.ToString().Trim()}" fill="none" stroke="{line.Color}" stroke-width="1.5"{(line.Dashed ? " stroke-dasharray=\"5 3\"" : "")}/>"""));
        }

        return svg.Append("</svg>").ToString();
    }

    /// <summary>A legend as HTML, which wraps: for a chart of more lines than its own legend row holds.</summary>
    public static string HtmlLegend(IReadOnlyList<Line> lines) =>
        "<p class=\"legend\">" + string.Join(" ", lines.Select(l =>
            $"""<span style="white-space:nowrap"><span style="display:inline-block;width:10px;height:10px;background:{l.Color}"></span> {Encode(l.Label)}</span>""")) + "</p>";

    /// <summary>Equal-width bars on a log scale (the quarter-octave histogram), the named percentiles marked.</summary>
    public static string Histogram(string id, string title, LatencyHistogram histogram, IReadOnlyList<(string Label, double Ms)> marks)
    {
        var buckets = histogram.Buckets;
        var yMax = Nice(buckets.Max(b => b.Count));
        var first = (int)Math.Round(LatencyHistogram.PerOctave * Math.Log2(buckets[0].FromMs)); // bounds are rounded: no floor
        var step = (double)(Width - Left - Right) / buckets.Count;
        double At(double ms) => Left + (LatencyHistogram.PerOctave * Math.Log2(ms) - first) * step;
        var svg = Open(id, title, Width, [("measured OK requests", "#4e79a7")]).Append(Frame(yMax.Max, yMax.Step, "count"));
        var d = new StringBuilder();
        foreach (var (b, i) in buckets.Select((b, i) => (b, i)))
        {
            var x = Left + i * step;
            d.Append(Invariant($"M{x:0.#} {Y(0, yMax.Max):0.#}V{Y(b.Count, yMax.Max):0.#}H{x + step - 1:0.#}V{Y(0, yMax.Max):0.#}Z"));
            if ((first + i) % LatencyHistogram.PerOctave == 0)
            {
                svg.Append(Invariant($"""<text x="{x:0.#}" y="{Height - Bottom + 14}" text-anchor="middle">{Ms(b.FromMs)}</text>"""));
            }
        }

        svg.Append(Invariant($"""<path id="{id}-histogram" class="series series-histogram" d="{d}" fill="#4e79a7"/>"""));
        foreach (var (label, ms) in marks)
        {
            var (x, anchor) = At(ms) > Width - Right - 30 ? (At(ms) - 3, "end") : (At(ms) + 3, "start");
            svg.Append(Invariant($"""<path class="mark" d="M{At(ms):0.#} {Top}V{Height - Bottom}" stroke="#333" stroke-dasharray="3 3"/><text x="{x:0.#}" y="{Top + 10}" text-anchor="{anchor}">{label}</text>"""));
        }

        return svg.Append("</svg>").ToString();
    }

    /// <summary>Baseline and current side by side per group, the limit as a line over each pair; a regression in red.</summary>
    public static string Pairs(string id, string title, IReadOnlyList<(string Label, double Baseline, double Current, double? Limit, bool Regression)> groups)
    {
        const int width = 300;
        var yMax = Nice(groups.Max(g => Math.Max(Math.Max(g.Baseline, g.Current), g.Limit ?? 0)));
        var svg = Open(id, title, width, []);
        svg.Append(Frame(yMax.Max, yMax.Step, "ms", width));
        var slot = (double)(width - Left - Right) / groups.Count;
        var paths = new Dictionary<string, StringBuilder> { ["baseline"] = new(), ["current"] = new(), ["regression"] = new(), ["limit"] = new() };
        foreach (var (g, i) in groups.Select((g, i) => (g, i)))
        {
            var x = Left + i * slot + slot * 0.15;
            var bar = slot * 0.33;
            Bar(paths["baseline"], x, bar, g.Baseline);
            Bar(paths[g.Regression ? "regression" : "current"], x + bar + 2, bar, g.Current);
            if (g.Limit is { } limit)
            {
                paths["limit"].Append(Invariant($"M{x - 4:0.#} {Y(limit, yMax.Max):0.#}H{x + 2 * bar + 6:0.#}"));
            }

            svg.Append(Invariant($"""<text x="{x + bar:0.#}" y="{Height - Bottom + 14}" text-anchor="middle">{Encode(g.Label)}</text>"""));
        }

        foreach (var (name, d) in paths.Where(p => p.Value.Length > 0))
        {
            var paint = name == "limit" ? """fill="none" stroke="#333" stroke-width="2" stroke-dasharray="4 2" """ : $"""fill="{PairColours[name]}" """;
            svg.Append(Invariant($"""<path id="{id}-{name}" class="series series-{name}" d="{d}" {paint}/>"""));
        }

        return svg.Append("</svg>").ToString();

        void Bar(StringBuilder d, double x, double w, double value) =>
            d.Append(Invariant($"M{x:0.#} {Y(0, yMax.Max):0.#}V{Y(value, yMax.Max):0.#}H{x + w:0.#}V{Y(0, yMax.Max):0.#}Z"));
    }

    /// <summary>The legend of every <see cref="Pairs"/> chart, shown once above them.</summary>
    public static string PairsLegend() => Open("legend", "", 420, PairColours.Select(c => (c.Key, c.Value)), height: 20).Append("</svg>").ToString();

    /// <summary>An id fragment from a scenario name (ids must be unique on the page and safe in a URL fragment).</summary>
    public static string Id(string name) => string.Concat(name.Select(c => char.IsAsciiLetterOrDigit(c) ? c : '-'));

    private static string Ms(double ms) => ms >= 1000 ? Invariant($"{ms / 1000:0.##} s") : Invariant($"{ms:0.###} ms");

    private static StringBuilder Open(string id, string title, int width, IEnumerable<(string Label, string Color)> legend, int height = Height)
    {
        var svg = new StringBuilder(Invariant($"""<svg id="{id}" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-size="11" role="img" aria-label="{Encode(title)}">"""))
            .Append(Invariant($"""<text x="{Left}" y="14" font-weight="bold">{Encode(title)}</text>"""));
        var x = width - Right;
        foreach (var (label, color) in legend.Reverse())
        {
            x -= 22 + (int)(label.Length * 6.2);
            svg.Append(Invariant($"""<rect x="{x}" y="6" width="10" height="10" fill="{color}"/><text x="{x + 13}" y="15">{Encode(label)}</text>"""));
        }

        return svg;
    }

    /// <summary>The plot's box and the y axis's ticks (gridlines), labelled in the unit.</summary>
    private static string Frame(double yMax, double yStep, string unit, int width = Width)
    {
        var frame = new StringBuilder(Invariant($"""<rect x="{Left}" y="{Top}" width="{width - Left - Right}" height="{Height - Top - Bottom}" fill="none" stroke="#999"/>"""));
        for (var v = 0.0; v <= yMax + 1e-9; v += yStep)
        {
            var label = unit == "ms" ? Ms(v) : Invariant($"{v:0.##}{(unit == "count" ? "" : " " + unit)}");
            frame.Append(Invariant($"""<path class="grid" d="M{Left} {Y(v, yMax):0.#}H{width - Right}" stroke="#e5e5e5"/><text x="{Left - 4}" y="{Y(v, yMax) + 4:0.#}" text-anchor="end">{label}</text>"""));
        }

        return frame.ToString();
    }

    private static char Append(StringBuilder d, char pen, double x, double y)
    {
        d.Append(Invariant($"{pen}{x:0.#} {y:0.#} "));
        return 'L';
    }

    private static double X(double x, double xMax) => Math.Round(Left + x / xMax * (Width - Left - Right), 1);
    private static double Y(double y, double yMax) => Math.Round(Top + (1 - y / yMax) * (Height - Top - Bottom), 1);

    /// <summary>A round maximum and tick step (1, 2, 2.5 or 5 × a power of ten) covering <paramref name="max"/>.</summary>
    private static (double Max, double Step) Nice(double max, int ticks = 4)
    {
        max = max > 0 ? max : 1;
        var magnitude = Math.Pow(10, Math.Floor(Math.Log10(max / ticks)));
        var step = new[] { 1, 2, 2.5, 5, 10 }.Select(m => m * magnitude).First(s => s * ticks >= max);
        return (Math.Ceiling(max / step - 1e-9) * step, step);
    }

    private static string Encode(string text) => WebUtility.HtmlEncode(text);
    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
