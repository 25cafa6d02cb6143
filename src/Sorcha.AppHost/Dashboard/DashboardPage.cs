using System.Globalization;
using System.Net;
using System.Text;
using Sorcha.AppHost.Redis;
using Sorcha.Hosting;

namespace Sorcha.AppHost.Dashboard;

/// <summary>
/// The status page, drawn on the server as plain HTML: resources, recent requests with one trace as a waterfall, and
/// recent output. Self-contained (no script or font from the network); the small inline script only filters the log
/// rows, keeps the filters in the address, and reloads the page every few seconds while "live" is ticked.
/// </summary>
internal static class DashboardPage
{
    /// <summary>Lines shown per resource: the page stays light; /logs/{name} has all the orchestrator keeps.</summary>
    public const int LinesShown = 300;

    public static string Render(Orchestrator app, RedisChoice redis, IReadOnlyList<Trace> traces, string? selected)
    {
        var html = new StringBuilder("<!doctype html><html lang=en><meta charset=utf-8><title>Sorcha</title><link rel=icon href=\"data:,\">").Append(Style)
            .Append("<h1>Sorcha resources</h1>")
            .Append(CultureInfo.InvariantCulture, $"<p>Redis: {E(redis.Provider)} ({E(redis.Reason)}) · <label><input type=checkbox id=live> live</label></p>");
        Resources(html, app);
        var trace = traces.FirstOrDefault(t => t.Id == selected) ?? traces.FirstOrDefault(t => t.IsActionSubmission)
            ?? (traces.Count > 0 ? traces[0] : null);
        Requests(html, traces, trace);
        if (trace is not null)
        {
            Waterfall.Render(html, trace, app);
        }

        Logs(html, app);
        return html.Append(Script).ToString();
    }

    private static void Resources(StringBuilder html, Orchestrator app)
    {
        html.Append("<table id=resources><tr><th>resource<th>state<th>address<th>pid<th>restarts<th>last exit<th>logs</tr>");
        foreach (var r in app.Resources)
        {
            var name = E(r.Spec.Name);
            var url = r.Spec.Port > 0 ? $"<a href='{r.Spec.Url}'>{r.Spec.Url}</a>" : "external";
            var exit = r.LastExit is { } e ? $"code {e.Code} at {e.At:HH:mm:ss} UTC" : "";
            html.Append(CultureInfo.InvariantCulture, $"<tr data-resource='{name}'><td>{name}<td class='state {r.Status}'>{r.Status}<td>{url}")
                .Append(CultureInfo.InvariantCulture, $"<td>{r.Process?.Id}<td>{r.Restarts}<td>{exit}<td><a href='/logs/{name}'>all output</a></tr>");
        }

        html.Append("</table>");
    }

    private static void Requests(StringBuilder html, IReadOnlyList<Trace> traces, Trace? selected)
    {
        html.Append("<h2>Recent requests</h2>");
        if (traces.Count == 0)
        {
            html.Append("<p class=note>No traced request yet. Spans are kept only in Development with the dashboard on.</p>");
            return;
        }

        html.Append("<table id=requests><tr><th>started (UTC)<th>request<th>status<th>duration<th>spans<th>resources</tr>");
        foreach (var t in traces)
        {
            var root = t.Root.Span;
            var classes = (t.IsActionSubmission ? "action" : "") + (t == selected ? " selected" : "");
            html.Append(CultureInfo.InvariantCulture, $"<tr class='trace {classes}' data-trace='{t.Id}'><td>{t.Start:HH:mm:ss.fff}")
                .Append(CultureInfo.InvariantCulture, $"<td><a href='?trace={t.Id}'>{E(root.Method ?? root.Name)} {E(root.Path ?? "")}</a>")
                .Append(CultureInfo.InvariantCulture, $"<td>{root.StatusCode}<td>{root.DurationMs:F1} ms<td>{t.Spans.Count}")
                .Append(CultureInfo.InvariantCulture, $"<td>{E(string.Join(", ", t.Spans.Select(s => s.Resource).Distinct()))}</tr>");
        }

        html.Append("</table>");
    }

    private static void Logs(StringBuilder html, Orchestrator app)
    {
        html.Append("<h2>Logs</h2><p id=filters>resource <select id=resource><option value=''>all");
        foreach (var r in app.Resources)
        {
            html.Append(CultureInfo.InvariantCulture, $"<option>{E(r.Spec.Name)}");
        }

        html.Append("</select> level at least <select id=level><option value=''>all");
        foreach (var level in LogLevels.Order)
        {
            html.Append(CultureInfo.InvariantCulture, $"<option>{level}");
        }

        html.Append("</select></p><table id=logs>");
        foreach (var r in app.Resources)
        {
            var name = E(r.Spec.Name);
            foreach (var (level, line) in LogLevels.Classify(r.Logs()).TakeLast(LinesShown))
            {
                html.Append(CultureInfo.InvariantCulture, $"<tr class='log {level}' data-resource='{name}' data-level='{level}'><td>{name}<td>{level}<td>{E(line)}</tr>");
            }
        }

        html.Append("</table>");
    }

    internal static string E(string text) => WebUtility.HtmlEncode(text);

    private const string Style = """
        <style>
        body{font-family:sans-serif;margin:16px}td,th{padding:3px 10px;text-align:left;vertical-align:top}
        .note{color:#666}.Running{color:#176f2c}.Failed,.Exited{color:#b3261e}
        #requests tr.selected{background:#e8f0fe}#requests tr.action td:nth-child(2)::before{content:"action ";color:#7a4b00;font-size:80%}
        #waterfall{width:100%;border-collapse:collapse}#waterfall td{padding:2px 6px;white-space:nowrap}
        #waterfall .label{max-width:38em;overflow:hidden;text-overflow:ellipsis}#waterfall .track{width:50%;position:relative}#waterfall .bar{position:absolute;top:4px;bottom:4px;min-width:2px;border-radius:2px}
        .bar.gateway{background:#5470c6}.bar.blueprint{background:#91cc75}.bar.wallet{background:#fac858}.bar.transaction{background:#ee6666}
        .bar.register{background:#73c0de}.bar.other{background:#999}.bar.failed{outline:2px solid #b3261e}
        #logs{font-family:monospace;font-size:12px;border-collapse:collapse}#logs td{padding:0 8px;white-space:pre-wrap}
        #logs tr.WRN{background:#fff6e0}#logs tr.ERR,#logs tr.FTL{background:#fde7e7}
        </style>
        """;

    // Filters stay in the address, so a reload (live) or a shared link keeps them.
    private const string Script = """
        <script>
        const order = ['VRB', 'DBG', 'INF', 'WRN', 'ERR', 'FTL'];
        const query = new URLSearchParams(location.search);
        const resource = document.getElementById('resource'), level = document.getElementById('level'), live = document.getElementById('live');
        resource.value = query.get('resource') || '';
        level.value = query.get('level') || '';
        live.checked = query.get('live') !== '0';
        function remember(key, value) { if (value) query.set(key, value); else query.delete(key); history.replaceState(null, '', '?' + query); }
        function filter() {
          const least = order.indexOf(level.value);
          for (const row of document.querySelectorAll('#logs tr.log')) {
            row.hidden = (resource.value !== '' && row.dataset.resource !== resource.value) || order.indexOf(row.dataset.level) < least;
          }
          remember('resource', resource.value);
          remember('level', level.value);
        }
        resource.onchange = level.onchange = filter;
        live.onchange = () => remember('live', live.checked ? '' : '0');
        filter();
        addEventListener('beforeunload', () => sessionStorage.setItem('y', String(scrollY)));
        scrollTo(0, Number(sessionStorage.getItem('y') || 0));
        setInterval(() => { if (live.checked) location.reload(); }, 5000);
        </script>
        """;
}
