using System.Net.Http.Json;
using System.Text.Json;
using System.Text.RegularExpressions;
using Sorcha.AppHost.Redis;
using Sorcha.Hosting;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.AppHost.Dashboard;

/// <summary>A span and the resource (replica) that reported it.</summary>
public sealed record TraceSpan(string Resource, SpanView Span);

/// <summary>One request's spans from every process it crossed, joined by the W3C trace id, earliest first.</summary>
public sealed partial record Trace(string Id, IReadOnlyList<TraceSpan> Spans)
{
    /// <summary>The earliest span whose parent no process reported: the gateway's, for a request from outside.</summary>
    public TraceSpan Root => Spans.FirstOrDefault(s => s.Span.ParentId is not { } parent || Spans.All(p => p.Span.SpanId != parent)) ?? Spans[0];

    public DateTimeOffset Start => Spans[0].Span.Start;

    public bool IsActionSubmission => Root.Span is { Method: "POST", Path: { } path } && ActionPath().IsMatch(path);

    [GeneratedRegex("^/api/instances/[^/]+/actions/[^/]+$")]
    private static partial Regex ActionPath();
}

/// <summary>
/// Gathers the services' recent spans (<see cref="RecentSpansEndpoint"/>) when the page is drawn: nothing is kept here,
/// so the dashboard's memory is the services' fixed rings. A process that does not answer in time is left out.
/// </summary>
internal sealed class RecentRequests(Orchestrator app, HttpClient http)
{
    public const int MaxTraces = 25;

    public async Task<IReadOnlyList<Trace>> CollectAsync(CancellationToken ct)
    {
        var sources = app.Resources.Where(r => r.Spec is { Managed: true, Port: > 0, Name: not RedisSelector.ResourceName }
            && r.Status == ResourceStatus.Running);
        var batches = await Task.WhenAll(sources.Select(r => SpansOfAsync(r.Spec, ct)));
        return [.. batches.SelectMany(b => b)
            .GroupBy(s => s.Span.TraceId)
            .Select(g => new Trace(g.Key, [.. g.OrderBy(s => s.Span.Start)]))
            .OrderByDescending(t => t.Start)
            .Take(MaxTraces)];
    }

    private async Task<IEnumerable<TraceSpan>> SpansOfAsync(ResourceSpec resource, CancellationToken ct)
    {
        try
        {
            var spans = await http.GetFromJsonAsync<SpanView[]>(new Uri(resource.Url, RecentSpansEndpoint.Path), ct);
            return (spans ?? []).Select(s => new TraceSpan(resource.Name, s));
        }
        catch (Exception e) when (e is HttpRequestException or TaskCanceledException or JsonException)
        {
            return []; // stopping, restarting, or not a Development child: it has nothing to show
        }
    }
}
