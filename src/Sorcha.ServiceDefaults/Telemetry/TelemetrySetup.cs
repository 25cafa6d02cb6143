using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using OpenTelemetry;
using OpenTelemetry.Metrics;
using OpenTelemetry.Resources;
using OpenTelemetry.Trace;

namespace Sorcha.ServiceDefaults.Telemetry;

/// <summary>
/// Traces and metrics through the OpenTelemetry SDK. OpenTelemetry.Extensions.Hosting and the instrumentation
/// packages are not served by our registry, so this listens to the sources ASP.NET Core and HttpClient emit natively.
/// </summary>
public static class TelemetrySetup
{
    /// <summary>Prefix of every ActivitySource and Meter Sorcha code creates.</summary>
    public const string SourcePrefix = "Sorcha.";

    internal static bool OtlpConfigured(IConfiguration configuration) =>
        !string.IsNullOrWhiteSpace(configuration["OTEL_EXPORTER_OTLP_ENDPOINT"]);

    internal static void AddSorchaTelemetry(this IHostApplicationBuilder builder)
    {
        var serviceName = builder.Configuration["OTEL_SERVICE_NAME"] ?? builder.Environment.ApplicationName;
        var otlp = OtlpConfigured(builder.Configuration);
        builder.Services.AddSingleton(_ => OpenTelemetrySdk.Create(otel =>
        {
            otel.ConfigureResource(r => r.AddService(serviceName));
            otel.WithTracing(t => t
                .AddSource("Microsoft.AspNetCore", "System.Net.Http", SourcePrefix + "*")
                .SetSampler(new AlwaysOnSampler()));
            otel.WithMetrics(m => m
                .AddMeter("Microsoft.AspNetCore.Hosting", "Microsoft.AspNetCore.Server.Kestrel", "System.Net.Http",
                    "System.Runtime", SourcePrefix + "*"));
            if (otlp)
            {
                otel.UseOtlpExporter();
            }
        }));
        builder.Services.AddHostedService<TelemetryStarter>();
    }

    /// <summary>Builds the SDK at start-up so that the first request is already traced.</summary>
    private sealed class TelemetryStarter(OpenTelemetrySdk sdk) : IHostedService
    {
        public Task StartAsync(CancellationToken cancellationToken)
        {
            GC.KeepAlive(sdk);
            return Task.CompletedTask;
        }

        public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
    }
}
