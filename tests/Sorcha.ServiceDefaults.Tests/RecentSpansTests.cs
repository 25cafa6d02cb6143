using System.Diagnostics;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.ServiceDefaults.Tests;

/// <summary>
/// The development dashboard's span ring: bounded, keeps only its allow-listed fields, and its endpoint exists only in
/// Development with Telemetry:RecentSpans on, whatever a Production configuration says.
/// </summary>
public sealed class RecentSpansTests : IDisposable
{
    private readonly ActivitySource _source = new("Sorcha.Tests.RecentSpans");
    private readonly ActivityListener _listener;

    public RecentSpansTests()
    {
        _listener = new ActivityListener
        {
            ShouldListenTo = s => s == _source,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllDataAndRecorded,
        };
        ActivitySource.AddActivityListener(_listener);
    }

    [Fact]
    public void The_ring_keeps_the_last_spans_up_to_its_capacity_oldest_first()
    {
        var ring = new RecentSpans("wallet", capacity: 3);

        var names = Enumerable.Range(1, 5).Select(i => End(ring, $"span-{i}").DisplayName).ToList();

        Assert.Equal(names[2..], ring.Snapshot().Select(s => s.Name));
    }

    [Fact]
    public void A_client_span_keeps_the_path_it_called_and_no_query_string_or_other_tag()
    {
        var ring = new RecentSpans("blueprint");

        var span = End(ring, "POST", ActivityKind.Client, new()
        {
            ["url.full"] = "http://127.0.0.1:5123/api/wallets/abc/sign?token=secret-query",
            ["http.request.method"] = "POST",
            ["http.response.status_code"] = 200,
            ["server.address"] = "127.0.0.1",
            ["server.port"] = 5123,
            ["http.request.header.authorization"] = "Bearer secret-token",
        });

        var view = Assert.Single(ring.Snapshot(span.TraceId.ToHexString()));
        Assert.Equal(new SpanView(span.TraceId.ToHexString(), span.SpanId.ToHexString(), null, "blueprint", "POST", "Client",
            span.StartTimeUtc, span.Duration.TotalMilliseconds, false, "POST", "/api/wallets/abc/sign", 200, "127.0.0.1:5123"), view);
        Assert.DoesNotContain("secret", System.Text.Json.JsonSerializer.Serialize(view), StringComparison.Ordinal);
    }

    [Fact]
    public void A_trace_id_selects_that_trace_only()
    {
        var ring = new RecentSpans("wallet");
        var first = End(ring, "one");
        End(ring, "two");

        Assert.Equal(["one"], ring.Snapshot(first.TraceId.ToHexString()).Select(s => s.Name));
    }

    [Theory]
    [InlineData("Development", "true", true)]
    [InlineData("Development", null, false)]
    [InlineData("Development", "false", false)]
    [InlineData("Production", "true", false)]
    [InlineData("Staging", "true", false)]
    public void The_endpoint_is_mapped_only_in_Development_when_turned_on(string environment, string? setting, bool mapped)
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = environment });
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?> { ["Telemetry:RecentSpans"] = setting });
        builder.AddSorchaTelemetry();
        using var app = builder.Build();

        app.MapRecentSpans();

        var routes = ((IEndpointRouteBuilder)app).DataSources.SelectMany(d => d.Endpoints).OfType<RouteEndpoint>();
        Assert.Equal(mapped, routes.Any(r => r.RoutePattern.RawText == RecentSpansEndpoint.Path));
        Assert.Equal(mapped, app.Services.GetService<RecentSpans>() is not null);
    }

    private Activity End(RecentSpans ring, string name, ActivityKind kind = ActivityKind.Internal, Dictionary<string, object?>? tags = null)
    {
        using var span = _source.StartActivity(name, kind, parentContext: default, tags: tags)!;
        span.Stop();
        ring.OnEnd(span);
        return span;
    }

    public void Dispose()
    {
        _listener.Dispose();
        _source.Dispose();
    }
}
