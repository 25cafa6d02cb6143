using Microsoft.AspNetCore.Http;
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
/// by default parent-based always-on. Health probes are not traced: they would be most of the spans and tell nothing.
/// </summary>
public static class TelemetrySetup
{
    /// <summary>Prefix of every ActivitySource and Meter Sorcha code creates.</summary>
    public const string SourcePrefix = "Sorcha.";

    internal static void AddSorchaTelemetry(this IHostApplicationBuilder builder)
    {
        var serviceName = builder.Configuration["OTEL_SERVICE_NAME"] ?? builder.Environment.ApplicationName;
        var otel = builder.Services.AddOpenTelemetry()
            .ConfigureResource(r => r.AddService(serviceName))
            .WithTracing(t => t
                .AddAspNetCoreInstrumentation(o => o.Filter = context => !HealthSetup.IsProbe(context.Request.Path))
                .AddHttpClientInstrumentation(o => o.FilterHttpRequestMessage = request =>
                    request.RequestUri is not { } uri || !HealthSetup.IsProbe(new PathString(uri.AbsolutePath)))
                .AddSource(SourcePrefix + "*"))
            .WithMetrics(m => m
                .AddAspNetCoreInstrumentation()
                .AddHttpClientInstrumentation()
                .AddRuntimeInstrumentation()
                .AddMeter(SourcePrefix + "*"))
            // Serilog hands every event it keeps to this provider (see LoggingSetup).
            .WithLogging(configureBuilder: null, configureOptions: o => o.IncludeFormattedMessage = true);
        if (!string.IsNullOrWhiteSpace(builder.Configuration["OTEL_EXPORTER_OTLP_ENDPOINT"]))
        {
            otel.UseOtlpExporter();
        }
    }
}
