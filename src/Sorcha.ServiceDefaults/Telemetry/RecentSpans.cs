using System.Diagnostics;
using OpenTelemetry;

namespace Sorcha.ServiceDefaults.Telemetry;

/// <summary>
/// One finished span as the development dashboard shows it. Only these fields leave the process: never a span's other
/// attributes, so no header, body, query string, token or key does. <see cref="Peer"/> is where a client span went
/// (host:port), which the dashboard turns into a resource name.
/// </summary>
public sealed record SpanView(string TraceId, string SpanId, string? ParentId, string Service, string Name, string Kind,
    DateTimeOffset Start, double DurationMs, bool Failed, string? Method, string? Path, int? StatusCode, string? Peer);

/// <summary>
/// The last <c>capacity</c> spans this process finished, in a fixed ring: memory stays bounded however long it runs.
/// Development only (<see cref="RecentSpansEndpoint"/>); a processor, not an exporter, so it adds no batching thread.
/// </summary>
public sealed class RecentSpans(string service, int capacity = RecentSpans.DefaultCapacity) : BaseProcessor<Activity>
{
    public const int DefaultCapacity = 1_000;
    private readonly SpanView?[] _ring = new SpanView?[capacity];
    private readonly Lock _gate = new();
    private int _next;

    public override void OnEnd(Activity data)
    {
        if (!data.Recorded)
        {
            return;
        }

        var view = View(data);
        lock (_gate)
        {
            _ring[_next] = view;
            _next = (_next + 1) % _ring.Length;
        }
    }

    /// <summary>The kept spans, oldest first; only <paramref name="traceId"/>'s when given.</summary>
    public IReadOnlyList<SpanView> Snapshot(string? traceId = null)
    {
        lock (_gate)
        {
            return [.. _ring[_next..].Concat(_ring[.._next]).OfType<SpanView>().Where(s => traceId is null || s.TraceId == traceId)];
        }
    }

    private SpanView View(Activity span)
    {
        var client = span.Kind == ActivityKind.Client;
        // A client span's target is url.full; only its path is kept (a query string may carry anything).
        var path = client && span.GetTagItem("url.full") is string full && Uri.TryCreate(full, UriKind.Absolute, out var uri)
            ? uri.AbsolutePath
            : span.GetTagItem("url.path") as string;
        var peer = client && span.GetTagItem("server.address") is string host ? $"{host}:{span.GetTagItem("server.port")}" : null;
        return new SpanView(span.TraceId.ToHexString(), span.SpanId.ToHexString(),
            span.ParentSpanId == default ? null : span.ParentSpanId.ToHexString(), service, span.DisplayName, span.Kind.ToString(),
            span.StartTimeUtc, span.Duration.TotalMilliseconds, span.Status == ActivityStatusCode.Error,
            span.GetTagItem("http.request.method") as string, path, span.GetTagItem("http.response.status_code") as int?, peer);
    }
}
