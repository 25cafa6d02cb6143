using System.Collections.Concurrent;
using System.Diagnostics;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Sorcha.ServiceDefaults.Tests;

/// <summary>
/// A service that records no traces writes no trace headers of its own into its calls to other services, and one that
/// records them does (docs/architecture.md, "Observability"). A process with the service defaults, in process, calls
/// a made-up service <c>downstream</c> (a bare Kestrel on loopback that keeps the headers it receives) through the
/// clients OutgoingCalls builds, while serving a request that carries a caller's <c>traceparent</c>.
/// </summary>
public sealed class TraceHeadersTests
{
    private static readonly ActivityTraceId CallerTrace = ActivityTraceId.CreateRandom();
    private static readonly ActivitySpanId CallerSpan = ActivitySpanId.CreateRandom();

    [Fact]
    public async Task An_untraced_service_sends_no_traceparent_not_even_the_callers()
    {
        var (received, activity) = await RelayAsync(traced: false);

        Assert.DoesNotContain("traceparent", received.Keys);
        // ASP.NET Core still starts an Activity (unrecorded) from the caller's header, so the service's own logs carry
        // the caller's trace id; it is just not handed on.
        Assert.Equal(CallerTrace.ToHexString(), activity);
    }

    [Fact]
    public async Task A_traced_service_sends_its_own_span_in_the_callers_trace()
    {
        var (received, activity) = await RelayAsync(traced: true);

        var traceparent = Assert.Contains("traceparent", received);
        Assert.StartsWith($"00-{CallerTrace.ToHexString()}-", traceparent, StringComparison.Ordinal);
        Assert.DoesNotContain(CallerSpan.ToHexString(), traceparent, StringComparison.Ordinal);
        Assert.Equal(CallerTrace.ToHexString(), activity);
    }

    /// <summary>
    /// One request with the caller's traceparent to a service whose endpoint calls <c>http://downstream</c>: the headers
    /// downstream received, and the trace id of the Activity the service was in when it called.
    /// </summary>
    private static async Task<(IReadOnlyDictionary<string, string> Received, string? Activity)> RelayAsync(bool traced)
    {
        var received = new ConcurrentDictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        var downstreamBuilder = WebApplication.CreateSlimBuilder();
        downstreamBuilder.WebHost.UseUrls("http://127.0.0.1:0");
        downstreamBuilder.Logging.ClearProviders();
        await using var downstream = downstreamBuilder.Build();
        downstream.Run(context =>
        {
            foreach (var (name, value) in context.Request.Headers)
            {
                received[name] = value.ToString();
            }

            return Task.CompletedTask;
        });
        await downstream.StartAsync();

        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = Environments.Development });
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["services:downstream:http:0"] = downstream.Urls.Single(),
            // A sampler chosen, no exporter: the process records traces (TelemetrySetup.Tracing) and sends them nowhere.
            ["OTEL_TRACES_SAMPLER"] = traced ? "always_on" : null,
        });
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.AddServiceDefaults();
        await using var service = builder.Build();
        service.UseServiceDefaults();
        service.MapDefaultEndpoints();
        service.MapGet("/relay", async (IHttpClientFactory clients) =>
        {
            var activity = Activity.Current?.TraceId.ToHexString();
            using var client = clients.CreateClient();
            using var response = await client.GetAsync("http://downstream/echo");
            return Results.Text(activity ?? "none", statusCode: (int)response.StatusCode);
        }).AllowAnonymous();
        await service.StartAsync();

        // No propagator on the test's own client: the caller's traceparent below is the only one sent.
        using var caller = new HttpClient(new SocketsHttpHandler { ActivityHeadersPropagator = null });
        using var request = new HttpRequestMessage(HttpMethod.Get, service.Urls.Single() + "/relay");
        request.Headers.Add("traceparent", $"00-{CallerTrace.ToHexString()}-{CallerSpan.ToHexString()}-01");
        using var answer = await caller.SendAsync(request);
        var body = await answer.Content.ReadAsStringAsync();
        Assert.True(answer.IsSuccessStatusCode, $"{(int)answer.StatusCode} {body}");
        await service.StopAsync();
        await downstream.StopAsync();
        return (received, body == "none" ? null : body);
    }
}
