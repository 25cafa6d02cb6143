using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Errors;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.OpenApi;
using Sorcha.ApiPlatform.Problems;
using Sorcha.ServiceDefaults;

namespace Sorcha.ApiPlatform;

/// <summary>
/// Sorcha's API platform on the Aspire service defaults: JWT bearer auth on every endpoint, problem details for every
/// error, strict JSON, limits (Kestrel, per-caller rate), and each service's OpenAPI document. A service's Program.cs
/// calls these three instead of the service defaults' own, which they call.
/// </summary>
public static class ApiPlatformExtensions
{
    /// <summary>
    /// The service defaults (<see cref="ServiceDefaultsExtensions.AddServiceDefaults{TBuilder}"/>), then the platform.
    /// </summary>
    public static TBuilder AddSorchaApiPlatform<TBuilder>(this TBuilder builder) where TBuilder : IHostApplicationBuilder
    {
        builder.AddServiceDefaults();
        builder.AddSorchaAuthentication();
        builder.Services.AddProblemDetails();
        builder.Services.AddExceptionHandler<BadRequestExceptionHandler>();
        builder.Services.AddExceptionHandler<ProblemExceptionHandler>();
        builder.AddStrictJson();
        builder.AddSorchaLimits();
        builder.AddSorchaOpenApi();
        // The same in every environment: unreadable requests throw, and the handler above turns them into 4xx.
        builder.Services.Configure<RouteHandlerOptions>(o => o.ThrowOnBadRequest = true);
        return builder;
    }

    private const string MiddlewareInPlace = "Sorcha.ApiPlatform.UseSorchaApiPlatform";

    /// <summary>
    /// Middleware every process runs, in this order: the service defaults' request logging (outermost, so it sees
    /// the final status) and stage timings, then errors as problem details, oversized bodies, authentication, the
    /// per-caller rate limit and authorization. Call it before mapping any endpoint.
    /// </summary>
    public static WebApplication UseSorchaApiPlatform(this WebApplication app)
    {
        ((IApplicationBuilder)app).Properties[MiddlewareInPlace] = true;
        app.UseServiceDefaults();
        app.UseExceptionHandler();
        app.UseStatusCodePages();
        app.UseOversizedBodyAnswers();
        app.UseAuthentication();
        app.UseSorchaRateLimiting();
        app.UseAuthorization();
        return app;
    }

    /// <summary>
    /// /health (readiness, Redis included), /alive and the OpenAPI document; after <see cref="UseSorchaApiPlatform"/>.
    /// </summary>
    public static WebApplication MapSorchaApiPlatformEndpoints(this WebApplication app)
    {
        // Without the platform's middleware these endpoints would answer without auth, limits or problem details:
        // refuse at start rather than serve that.
        if (!((IApplicationBuilder)app).Properties.ContainsKey(MiddlewareInPlace))
        {
            throw new InvalidOperationException(
                "Call app.UseSorchaApiPlatform() before app.MapSorchaApiPlatformEndpoints().");
        }

        app.MapDefaultEndpoints();
        app.MapSorchaOpenApi();
        return app;
    }
}
