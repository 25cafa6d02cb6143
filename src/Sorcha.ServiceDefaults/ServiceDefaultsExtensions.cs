using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.Hosting;
using Sorcha.ServiceDefaults.Discovery;
using Sorcha.ServiceDefaults.Health;
using Sorcha.ServiceDefaults.Logging;
using Sorcha.ServiceDefaults.Redis;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.ServiceDefaults;

/// <summary>
/// Aspire's service defaults, as every Sorcha process sets them: logs, traces and metrics through OpenTelemetry, health
/// checks with /health and /alive, the shared Redis connection, and service discovery with resilience on every
/// HttpClient. Sorcha's own API policy (auth, limits, problem details, OpenAPI) is Sorcha.ApiPlatform's, on top.
/// </summary>
public static class ServiceDefaultsExtensions
{
    public static TBuilder AddServiceDefaults<TBuilder>(this TBuilder builder) where TBuilder : IHostApplicationBuilder
    {
        builder.AddSorchaLogging();
        builder.AddSorchaTelemetry();
        builder.AddSorchaRedis();
        builder.AddSorchaHealthChecks();
        builder.AddSorchaOutgoingCalls();
        return builder;
    }

    private const string MiddlewareInPlace = "Sorcha.ServiceDefaults.UseServiceDefaults";

    /// <summary>
    /// The outermost middleware, in this order: request logging (so it sees the final status), then stage timings.
    /// Call it before mapping any endpoint; Sorcha.ApiPlatform's UseSorchaApiPlatform calls it first.
    /// </summary>
    public static WebApplication UseServiceDefaults(this WebApplication app)
    {
        ((IApplicationBuilder)app).Properties[MiddlewareInPlace] = true;
        app.UseSorchaRequestLogging();
        app.UseServerTiming();
        return app;
    }

    /// <summary>/health (readiness, Redis included) and /alive; after <see cref="UseServiceDefaults"/>.</summary>
    public static WebApplication MapDefaultEndpoints(this WebApplication app)
    {
        // Without the shared middleware these endpoints would answer unlogged and untimed: refuse at start rather than
        // serve that.
        if (!((IApplicationBuilder)app).Properties.ContainsKey(MiddlewareInPlace))
        {
            throw new InvalidOperationException("Call app.UseServiceDefaults() before app.MapDefaultEndpoints().");
        }

        app.MapReadinessEndpoint();
        app.MapAliveEndpoint();
        return app;
    }
}
