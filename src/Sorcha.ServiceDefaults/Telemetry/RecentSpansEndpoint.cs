using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Sorcha.ServiceDefaults.Telemetry;

/// <summary>
/// <c>GET /dev/spans[?traceId=]</c>: this process's <see cref="RecentSpans"/>, which the AppHost's dashboard gathers to
/// draw a request's hops as a waterfall. Exists only in Development with <c>Telemetry:RecentSpans</c> on (the AppHost
/// sets it for its children when its dashboard runs); never mapped elsewhere, whatever the setting. Answers loopback
/// callers only, without a token (the dashboard has none), and is itself never traced.
/// </summary>
public static class RecentSpansEndpoint
{
    public const string Path = "/dev/spans";

    public static bool Enabled(IConfiguration configuration, IHostEnvironment environment) =>
        environment.IsDevelopment() && configuration.GetValue<bool>("Telemetry:RecentSpans");

    public static void MapRecentSpans(this WebApplication app)
    {
        if (app.Services.GetService<RecentSpans>() is not { } spans)
        {
            return;
        }

        app.MapGet(Path, IResult (HttpContext context, string? traceId) =>
                context.Connection.RemoteIpAddress is { } caller && IPAddress.IsLoopback(caller)
                    ? TypedResults.Ok(spans.Snapshot(traceId))
                    : TypedResults.NotFound())
            .AllowAnonymous()
            .ExcludeFromDescription();
    }
}
