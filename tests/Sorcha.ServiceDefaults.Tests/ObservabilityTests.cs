using System.Collections.ObjectModel;
using System.Diagnostics;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using OpenTelemetry.Logs;
using OpenTelemetry.Trace;
using Sorcha.ApiPlatform;
using Sorcha.AppHost.Hosting;

namespace Sorcha.ServiceDefaults.Tests;

/// <summary>
/// The services' observability defaults, in-process: logs written through ILogger reach the OpenTelemetry exporter
/// (through Serilog), request logging writes one event per request and nothing secret, probes are neither traced nor
/// logged, and the standard OTEL_TRACES_SAMPLER settings are honoured. In-memory exporters stand in for OTLP. Alone
/// (<see cref="TelemetryScope"/>): another host's sampler in this process would record this one's spans too.
/// </summary>
[Collection(TelemetryScope.Name)]
public sealed class ObservabilityTests
{
    private const string RequestLogCategory = "Serilog.AspNetCore.RequestLoggingMiddleware";

    [Fact]
    public async Task A_log_written_through_ILogger_reaches_the_OpenTelemetry_exporter_with_its_trace()
    {
        await using var host = await Host.StartAsync(Sampled);

        await host.Client.GetStringAsync("/work?item=doc-1");

        var span = Assert.Single(await host.ServerSpansAsync(1));
        var log = Assert.Single(host.Logs.Snapshot(), l => l.Body == "Worked on {Item}");
        Assert.Equal(LogLevel.Information, log.LogLevel);
        Assert.Equal("Worked on \"doc-1\"", log.FormattedMessage);
        Assert.Equal(span.TraceId, log.TraceId);
        // Serilog's enricher ran: the event came through Serilog, not around it.
        Assert.Contains(log.Attributes!, a => a.Key == "Service" && (string?)a.Value == host.ApplicationName);
    }

    [Fact]
    public async Task Request_logging_writes_one_event_per_request_without_headers_bodies_or_probes()
    {
        const string token = "secret-bearer-token-0123456789";
        const string body = "{\"privateKey\":\"secret-key-material-0123456789\"}";
        // Successful requests log at Debug (LoggingSetup): shown here as an operator would, probes still left out.
        await using var host = await Host.StartAsync(new()
        {
            ["Serilog:MinimumLevel:Override:Serilog.AspNetCore.RequestLoggingMiddleware"] = "Debug",
            ["OTEL_TRACES_SAMPLER"] = "parentbased_always_on",
        });

        // One connection, so the server handles these in order: by the time the last span is exported, every
        // earlier request (probes included) has finished and logged whatever it was going to log.
        Assert.True((await host.Client.GetAsync("/health")).IsSuccessStatusCode);
        Assert.True((await host.Client.GetAsync("/alive")).IsSuccessStatusCode);
        for (var i = 0; i < 2; i++)
        {
            using var request = new HttpRequestMessage(HttpMethod.Post, "/work?item=x") { Content = new StringContent(body) };
            request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", token);
            (await host.Client.SendAsync(request)).EnsureSuccessStatusCode();
        }
        await host.Client.GetStringAsync("/work?item=y");

        var spans = await host.ServerSpansAsync(3);
        Assert.All(spans, s => Assert.Equal("/work", s.GetTagItem("url.path")));
        var logs = host.Logs.Snapshot();
        var requests = logs.Where(l => l.CategoryName == RequestLogCategory).ToList();
        Assert.Equal(["POST", "POST", "GET"], requests.Select(l => Attribute(l, "RequestMethod")));
        Assert.All(requests, l => Assert.Equal("/work", Attribute(l, "RequestPath")));
        Assert.All(requests, l => Assert.Equal(200, Attribute(l, "StatusCode")));
        Assert.All(logs, l => Assert.DoesNotContain(token, Render(l), StringComparison.Ordinal));
        Assert.All(logs, l => Assert.DoesNotContain("secret-key-material", Render(l), StringComparison.Ordinal));
    }

    [Fact]
    public async Task The_standard_sampler_settings_are_honoured()
    {
        await using var host = await Host.StartAsync(new()
        {
            ["OTEL_TRACES_SAMPLER"] = "parentbased_traceidratio",
            ["OTEL_TRACES_SAMPLER_ARG"] = "0",
        });

        // A ratio of 0 samples no new trace, but a caller's sampled trace is followed (parent-based).
        await host.Client.GetStringAsync("/work?item=unsampled");
        var traceId = ActivityTraceId.CreateRandom();
        using var sampled = new HttpRequestMessage(HttpMethod.Get, "/work?item=sampled");
        sampled.Headers.Add("traceparent", $"00-{traceId}-{ActivitySpanId.CreateRandom()}-01");
        (await host.Client.SendAsync(sampled)).EnsureSuccessStatusCode();

        Assert.Equal(traceId, Assert.Single(await host.ServerSpansAsync(1)).TraceId);
    }

    [Fact]
    public async Task Every_trace_is_sampled_once_traces_go_somewhere()
    {
        await using var host = await Host.StartAsync(Sampled);

        for (var i = 0; i < 3; i++)
        {
            await host.Client.GetStringAsync("/work?item=" + i);
        }

        Assert.Equal(3, (await host.ServerSpansAsync(3)).Count);
    }

    [Fact]
    public async Task Without_an_exporter_or_a_sampler_nothing_is_traced()
    {
        await using var host = await Host.StartAsync(new());

        for (var i = 0; i < 3; i++)
        {
            await host.Client.GetStringAsync("/work?item=" + i);
        }

        await Task.Delay(300); // a span ends after its response is sent; give any that was recorded time to arrive
        Assert.Empty(host.Spans.Snapshot());
    }

    /// <summary>The SDK's default sampler named, as an operator with a collector would have it (OTLP is not started here).</summary>
    private static Dictionary<string, string?> Sampled => new() { ["OTEL_TRACES_SAMPLER"] = "parentbased_always_on" };

    private static object? Attribute(LogRecord log, string key) => log.Attributes!.Single(a => a.Key == key).Value;

    private static string Render(LogRecord log) =>
        log.FormattedMessage + string.Join(' ', log.Attributes?.Select(a => $"{a.Key}={a.Value}") ?? []) + log.Exception;

    /// <summary>One service host with the defaults, its exports captured; an endpoint that logs through ILogger.</summary>
    private sealed class Host : IAsyncDisposable
    {
        private readonly int _port;
        private WebApplication _app = null!;

        private Host(int port) => _port = port;

        public HttpClient Client { get; private set; } = null!;
        public string ApplicationName => _app.Environment.ApplicationName;
        public Exported<Activity> Spans { get; } = new();
        public Exported<LogRecord> Logs { get; } = new();

        public static async Task<Host> StartAsync(Dictionary<string, string?>? settings = null)
        {
            var host = new Host(PortLeases.Lease());
            var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = Environments.Development });
            builder.Configuration.AddInMemoryCollection(settings ?? []);
            builder.WebHost.UseUrls($"http://127.0.0.1:{host._port}");
            builder.AddSorchaApiPlatform();
            builder.Services.ConfigureOpenTelemetryTracerProvider(t => t.AddInMemoryExporter(host.Spans));
            builder.Services.ConfigureOpenTelemetryLoggerProvider(l => l.AddInMemoryExporter(host.Logs));
            host._app = builder.Build();
            host._app.UseSorchaApiPlatform();
            host._app.MapSorchaApiPlatformEndpoints();
            host._app.MapMethods("/work", ["GET", "POST"], (string item, ILogger<Host> log) =>
            {
                log.LogInformation("Worked on {Item}", item);
                return item;
            }).AllowAnonymous();
            await host._app.StartAsync();
            // No propagator: the server sees only the trace headers a test sends itself.
            host.Client = new HttpClient(new SocketsHttpHandler { ActivityHeadersPropagator = null })
            {
                BaseAddress = new Uri($"http://127.0.0.1:{host._port}"),
            };
            return host;
        }

        /// <summary>This host's server spans, once there are <paramref name="count"/> of them (client spans and other hosts' are left out).</summary>
        public async Task<IReadOnlyList<Activity>> ServerSpansAsync(int count)
        {
            var deadline = Stopwatch.StartNew();
            while (true)
            {
                var spans = Spans.Snapshot().Where(s => s.Kind == ActivityKind.Server && Equals(s.GetTagItem("server.port"), _port)).ToList();
                if (spans.Count >= count || deadline.Elapsed > TimeSpan.FromSeconds(10))
                {
                    return spans;
                }

                await Task.Delay(20);
            }
        }

        public async ValueTask DisposeAsync()
        {
            Client.Dispose();
            await _app.DisposeAsync();
        }
    }

    /// <summary>What an in-memory exporter collected; the exporter adds from server threads while the test reads.</summary>
    private sealed class Exported<T> : Collection<T>
    {
        private readonly Lock _gate = new();

        public List<T> Snapshot()
        {
            lock (_gate)
            {
                return [.. this];
            }
        }

        protected override void InsertItem(int index, T item)
        {
            lock (_gate)
            {
                base.InsertItem(index, item);
            }
        }
    }
}
