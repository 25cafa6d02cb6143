using System.Globalization;
using System.Text;
using Sorcha.Hosting;

namespace Sorcha.AppHost.Dashboard;

/// <summary>
/// One trace as a waterfall: a row per span in call order (each under its parent), a bar placed on the trace's own
/// time line. A client span names the resource it called, found by the address it called.
/// </summary>
internal static class Waterfall
{
    public static void Render(StringBuilder html, Trace trace, Orchestrator app)
    {
        var start = trace.Start;
        var end = trace.Spans.Max(s => s.Span.Start.AddMilliseconds(s.Span.DurationMs));
        var total = Math.Max((end - start).TotalMilliseconds, 0.001);
        var byAddress = app.Resources.Where(r => r.Spec.Port > 0).ToDictionary(r => r.Spec.Url.Authority, r => r.Spec.Name);
        html.Append(CultureInfo.InvariantCulture, $"<h3>Trace {trace.Id} ({total:F1} ms)</h3><table id=waterfall data-trace='{trace.Id}'>");
        foreach (var (span, depth) in InCallOrder(trace))
        {
            var s = span.Span;
            var target = s.Peer is { } peer ? " → " + (byAddress.GetValueOrDefault(peer) ?? peer) : "";
            // A server span's name is its route (ids left out); a client span's is only its method.
            var label = s.Kind == "Client" ? $"{s.Method ?? s.Name} {s.Path}{target}" : s.Name;
            var left = (s.Start - start).TotalMilliseconds / total * 100;
            var width = s.DurationMs / total * 100;
            var service = span.Resource.Split('-')[0];
            var colour = service is SorchaApp.Gateway || SorchaApp.Services.Contains(service) ? service : "other";
            html.Append(CultureInfo.InvariantCulture, $"<tr class=span data-resource='{DashboardPage.E(span.Resource)}' data-kind='{s.Kind}'>")
                .Append(CultureInfo.InvariantCulture, $"<td>{DashboardPage.E(span.Resource)}<td class=label style='padding-left:{depth + 0.5:F1}em' title='{DashboardPage.E(label)}'>{DashboardPage.E(label)}")
                .Append(CultureInfo.InvariantCulture, $"<td>{s.StatusCode}<td class=track><span class='bar {colour}{(s.Failed ? " failed" : "")}' ")
                .Append(CultureInfo.InvariantCulture, $"style='left:{left:F2}%;width:{width:F2}%'></span><td>{s.DurationMs:F1} ms</tr>");
        }

        html.Append("</table>");
    }

    /// <summary>Depth-first from the roots (spans whose parent is not in the trace), children by start time.</summary>
    private static IEnumerable<(TraceSpan Span, int Depth)> InCallOrder(Trace trace)
    {
        var ids = trace.Spans.Select(s => s.Span.SpanId).ToHashSet();
        var children = trace.Spans.Where(s => s.Span.ParentId is { } p && ids.Contains(p)).ToLookup(s => s.Span.ParentId!);
        var stack = new Stack<(TraceSpan, int)>(trace.Spans.Where(s => s.Span.ParentId is not { } p || !ids.Contains(p)).Reverse().Select(s => (s, 0)));
        while (stack.TryPop(out var item))
        {
            yield return item;
            foreach (var child in children[item.Item1.Span.SpanId].Reverse())
            {
                stack.Push((child, item.Item2 + 1));
            }
        }
    }
}
