using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Sorcha.ServiceDefaults.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ServiceDefaults.Discovery;
using Sorcha.ApiPlatform.Errors;
using Sorcha.ServiceDefaults.Health;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ServiceDefaults.Logging;
using Sorcha.ApiPlatform.OpenApi;
using Sorcha.ServiceDefaults.Redis;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.ServiceDefaults;

/// <summary>What every Sorcha process shares: logs, telemetry, health, problem details, auth, Redis and service discovery.</summary>
public static class ServiceDefaultsExtensions
{
    public static TBuilder AddServiceDefaults<TBuilder>(this TBuilder builder) where TBuilder : IHostApplicationBuilder
    {
        builder.AddSorchaLogging();
        builder.AddSorchaTelemetry();
        builder.AddSorchaRedis();
        builder.AddSorchaHealthChecks();
        builder.AddSorchaAuthentication();
        builder.Services.AddProblemDetails();
        builder.Services.AddExceptionHandler<BadRequestExceptionHandler>();
        builder.Services.AddExceptionHandler<Problems.ProblemExceptionHandler>();
        builder.AddStrictJson();
        builder.AddSorchaLimits();
        builder.AddSorchaOutgoingCalls();
        builder.AddSorchaOpenApi();
        // The same in every environment: unreadable requests throw, and the handler above turns them into 4xx.
        builder.Services.Configure<RouteHandlerOptions>(o => o.ThrowOnBadRequest = true);
        return builder;
    }

    private const string MiddlewareInPlace = "Sorcha.ServiceDefaults.UseServiceDefaults";

    /// <summary>
    /// Middleware every process runs, in this order: request logging (outermost, so it sees the final status),
    /// stage timings, errors as problem details, then auth. Call it before mapping any endpoint.
    /// </summary>
    public static WebApplication UseServiceDefaults(this WebApplication app)
    {
        ((IApplicationBuilder)app).Properties[MiddlewareInPlace] = true;
        app.UseSorchaRequestLogging();
        app.UseServerTiming();
        app.UseExceptionHandler();
        app.UseStatusCodePages();
        app.UseOversizedBodyAnswers();
        app.UseAuthentication();
        app.UseSorchaRateLimiting();
        app.UseAuthorization();
        return app;
    }

    /// <summary>
    /// /health (readiness, Redis included), /alive and the OpenAPI document; after
    /// <see cref="UseServiceDefaults"/>.
    /// </summary>
    public static WebApplication MapDefaultEndpoints(this WebApplication app)
    {
        // Without the shared middleware these endpoints would answer without auth, limits or problem details: refuse
        // at start rather than serve that.
        if (!((IApplicationBuilder)app).Properties.ContainsKey(MiddlewareInPlace))
        {
            throw new InvalidOperationException("Call app.UseServiceDefaults() before app.MapDefaultEndpoints().");
        }

        app.MapReadinessEndpoint();
        app.MapAliveEndpoint();
        app.MapSorchaOpenApi();
        return app;
    }
}
