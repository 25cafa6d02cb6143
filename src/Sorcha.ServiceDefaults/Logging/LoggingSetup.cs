using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using OpenTelemetry.Logs;
using Serilog;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.ServiceDefaults.Logging;

internal static class LoggingSetup
{
    private const string ConsoleTemplate =
        "[{Timestamp:HH:mm:ss.fff} {Level:u3}] {SourceContext}: {Message:lj} {TraceId}{NewLine}{Exception}";

    /// <summary>
    /// Serilog writes the console; the OpenTelemetry provider sits beside it (not behind it), so every log
    /// that Serilog sees also reaches OTLP with its trace context.
    /// </summary>
    public static void AddSorchaLogging(this IHostApplicationBuilder builder)
    {
        var logger = new LoggerConfiguration()
            .ReadFrom.Configuration(builder.Configuration)
            .Enrich.FromLogContext()
            .Enrich.WithProperty("Service", builder.Environment.ApplicationName)
            .WriteTo.Console(outputTemplate: ConsoleTemplate, formatProvider: System.Globalization.CultureInfo.InvariantCulture)
            .CreateLogger();

        builder.Logging.ClearProviders();
        builder.Logging.AddSerilog(logger, dispose: true);
        builder.Logging.AddOpenTelemetry(options =>
        {
            options.IncludeFormattedMessage = true;
            options.IncludeScopes = true;
            if (TelemetrySetup.OtlpConfigured(builder.Configuration))
            {
                options.AddOtlpExporter();
            }
        });
    }
}
