using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Diagnostics.HealthChecks;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Diagnostics.HealthChecks;
using Microsoft.Extensions.Hosting;
using StackExchange.Redis;

namespace Sorcha.ServiceDefaults.Health;

public static class HealthSetup
{
    private const string LiveTag = "live";

    internal static void AddSorchaHealthChecks(this IHostApplicationBuilder builder)
    {
        var checks = builder.Services.AddHealthChecks()
            .AddCheck("self", () => HealthCheckResult.Healthy(), [LiveTag]);
        if (builder.Services.Any(s => s.ServiceType == typeof(IConnectionMultiplexer)))
        {
            checks.AddCheck<RedisHealthCheck>("redis");
        }
    }

    /// <summary>/health: readiness, every check with Redis included; mapped in every environment.</summary>
    public static void MapReadinessEndpoint(this WebApplication app) =>
        app.MapHealthChecks("/health", new HealthCheckOptions { ResponseWriter = WriteAsync }).AllowAnonymous();

    /// <summary>/alive: the process is up, whatever its dependencies say.</summary>
    public static void MapAliveEndpoint(this WebApplication app) =>
        app.MapHealthChecks("/alive", new HealthCheckOptions
        {
            Predicate = r => r.Tags.Contains(LiveTag),
            ResponseWriter = WriteAsync,
        }).AllowAnonymous();

    /// <summary>/health or /alive (and below): probes, neither traced nor rate limited, logged at Debug only.</summary>
    public static bool IsProbe(PathString path) =>
        path.StartsWithSegments("/health", StringComparison.OrdinalIgnoreCase) || path.StartsWithSegments("/alive", StringComparison.OrdinalIgnoreCase);

    private static Task WriteAsync(HttpContext context, HealthReport report)
    {
        context.Response.ContentType = "application/json";
        var body = new
        {
            status = report.Status.ToString(),
            checks = report.Entries.ToDictionary(e => e.Key, e => e.Value.Status.ToString()),
        };
        return JsonSerializer.SerializeAsync(context.Response.Body, body, cancellationToken: context.RequestAborted);
    }
}
