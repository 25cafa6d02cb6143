using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using OpenTelemetry;
using OpenTelemetry.Metrics;
using OpenTelemetry.Resources;
using OpenTelemetry.Trace;
using Sorcha.ServiceDefaults.Health;

namespace Sorcha.ServiceDefaults.Telemetry;

/// <summary>
/// Traces, metrics and logs through OpenTelemetry, exported over OTLP when <c>OTEL_EXPORTER_OTLP_ENDPOINT</c> is set.
/// Sampling is the SDK's: <c>OTEL_TRACES_SAMPLER</c> / <c>OTEL_TRACES_SAMPLER_ARG</c> (environment or configuration),
/// by default parent-based always-on — when traces go somewhere. With neither an OTLP endpoint nor a sampler set, no
/// trace is recorded: spans nobody exports cost about a tenth of a service's throughput (docs/performance.md,
/// "Throughput A/B"). The AppHost gives every process the Aspire dashboard's OTLP intake when it runs one. Health
/// probes are never traced: they would be most of the spans and tell nothing. Redis commands are traced by
/// Aspire.StackExchange.Redis (RedisSetup).
/// </summary>
public static class TelemetrySetup
{
    /// <summary>Prefix of every ActivitySource and Meter Sorcha code creates.</summary>
    public const string SourcePrefix = "Sorcha.";

    // The OTEL_* settings are the OpenTelemetry SDK's own (it reads them from configuration itself), and they decide
    // what is registered here, before the container exists: the one place Sorcha reads them raw (docs/architecture.md,
    // "Where to add things").
    private static bool Exporting(IConfiguration configuration) =>
        !string.IsNullOrWhiteSpace(configuration["OTEL_EXPORTER_OTLP_ENDPOINT"]);

    /// <summary>The process's name in telemetry and its OpenAPI document: OTEL_SERVICE_NAME, else the application's.</summary>
    public static string ServiceName(IHostApplicationBuilder builder) =>
        builder.Configuration["OTEL_SERVICE_NAME"] ?? builder.Environment.ApplicationName;

    /// <summary>Whether traces are recorded at all: they go somewhere (OTLP), or a sampler was chosen.</summary>
    public static bool Tracing(IConfiguration configuration) =>
        Exporting(configuration) || !string.IsNullOrWhiteSpace(configuration["OTEL_TRACES_SAMPLER"]);

    internal static void AddSorchaTelemetry(this IHostApplicationBuilder builder)
    {
        builder.Services.AddOptions<TelemetryOptions>().Bind(builder.Configuration.GetSection(TelemetryOptions.Section)).ValidateOnStart();
        var serviceName = ServiceName(builder);
        var exporting = Exporting(builder.Configuration);
        var telemetry = builder.Services.AddOpenTelemetry()
            .ConfigureResource(r => r.AddService(serviceName))
            .WithMetrics(m => m
                .AddAspNetCoreInstrumentation()
                .AddHttpClientInstrumentation()
                .AddRuntimeInstrumentation()
                .AddMeter(SourcePrefix + "*"))
            // Serilog hands every event it keeps to this provider (see LoggingSetup).
            .WithLogging(configureBuilder: null, configureOptions: o => o.IncludeFormattedMessage = true);
        if (Tracing(builder.Configuration))
        {
            telemetry.WithTracing(t => t
                .AddAspNetCoreInstrumentation(o => o.Filter = context => !HealthSetup.IsProbe(context.Request.Path))
                .AddHttpClientInstrumentation(o => o.FilterHttpRequestMessage = request =>
                    request.RequestUri is not { } uri || !HealthSetup.IsProbe(new PathString(uri.AbsolutePath)))
                .AddSource(SourcePrefix + "*")
                .AddProcessor(new BackgroundTraces.OrphanRedisSpans()));
        }
        else
        {
            // Nothing listens, so no request or outgoing call creates an Activity at all: even sampled out, the
            // instrumentation made one per request and per proxied call (about 5 % of the gateway's CPU per
            // forwarded request, docs/performance.md "The gateway's hop"). A sampler set in code would override the
            // OTEL_TRACES_SAMPLER settings, so none is set when tracing.
            telemetry.WithTracing(t => t.SetSampler(new AlwaysOffSampler()));
        }

        if (exporting)
        {
            telemetry.UseOtlpExporter();
        }
    }
}
