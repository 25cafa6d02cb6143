using System.Globalization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Serilog;
using Serilog.Events;
using Sorcha.ServiceDefaults.Health;

namespace Sorcha.ServiceDefaults.Logging;

public static class LoggingSetup
{
    /// <summary>
    /// Log categories of per-request outcome events (one per action, say): kept for the structured logs (OTLP: the
    /// dashboard, filterable by their properties) and left off the console, where a line per request, written here
    /// and echoed by the AppHost, costs throughput (docs/observability.md, "Logs").
    /// </summary>
    public const string OutcomesPrefix = "Sorcha.Outcomes.";

    private const string ConsoleTemplate =
        "[{Timestamp:HH:mm:ss.fff} {Level:u3}] {SourceContext}: {Message:lj} {TraceId}{NewLine}{Exception}";

    /// <summary>
    /// Serilog is the logger factory: it reads the <c>Serilog</c> section, writes the console, and passes every event
    /// it keeps on to the registered logging providers (<c>writeToProviders</c>). The defaults are cleared first, so
    /// that provider is OpenTelemetry's alone (TelemetrySetup) and each log reaches OTLP with its trace context.
    /// The static <see cref="Log.Logger"/> is left alone: several hosts may share a process (tests).
    /// </summary>
    internal static void AddSorchaLogging(this IHostApplicationBuilder builder)
    {
        builder.Logging.ClearProviders();
        builder.Services.AddSerilog(
            (_, logger) => logger
                .ReadFrom.Configuration(builder.Configuration)
                .Enrich.FromLogContext()
                .Enrich.WithProperty("Service", builder.Environment.ApplicationName)
                .WriteTo.Conditional(e => !IsOutcome(e), sink => sink.Console(outputTemplate: ConsoleTemplate,
                    formatProvider: CultureInfo.InvariantCulture)),
            preserveStaticLogger: true,
            writeToProviders: true);
    }

    internal static bool IsOutcome(LogEvent e) =>
        e.Properties.TryGetValue("SourceContext", out var context) && context is ScalarValue { Value: string category }
        && category.StartsWith(OutcomesPrefix, StringComparison.Ordinal);

    /// <summary>
    /// One event per request: method, path (no query string), status and time; never headers or bodies, so no token
    /// or key reaches the logs this way. Levels: a failure (5xx, exception) is Error and a client error (4xx)
    /// Information, so both show at the default level; a success is Debug, because a console line for every request
    /// cost a third of a service's throughput (docs/performance.md, "Throughput A/B") — set
    /// <c>Serilog:MinimumLevel:Override:Serilog.AspNetCore.RequestLoggingMiddleware</c> to <c>Debug</c> to see them;
    /// health probes are Verbose, below even that.
    /// </summary>
    internal static void UseSorchaRequestLogging(this WebApplication app) => app.UseSerilogRequestLogging(o =>
    {
        o.Logger = app.Services.GetRequiredService<Serilog.ILogger>();
        o.GetLevel = (context, _, error) => Level(context, error);
    });

    private static LogEventLevel Level(HttpContext context, Exception? error) =>
        error is not null || context.Response.StatusCode >= StatusCodes.Status500InternalServerError ? LogEventLevel.Error
        : HealthSetup.IsProbe(context.Request.Path) ? LogEventLevel.Verbose
        : context.Response.StatusCode >= StatusCodes.Status400BadRequest ? LogEventLevel.Information
        : LogEventLevel.Debug;
}
