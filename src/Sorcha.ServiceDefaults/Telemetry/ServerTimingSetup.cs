using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace Sorcha.ServiceDefaults.Telemetry;

/// <summary>
/// Gives every request a <see cref="ServerTiming"/> and, when <c>Telemetry:ServerTiming</c> is on (the default in
/// Development only: stage timings tell an outsider about internals), sends it as the <c>Server-Timing</c> header.
/// </summary>
public static class ServerTimingSetup
{
    /// <summary>The request's stage timings (one per request; created on first use).</summary>
    public static ServerTiming Timing(this HttpContext context)
    {
        if (context.Features.Get<ServerTiming>() is not { } timing)
        {
            timing = new ServerTiming();
            context.Features.Set(timing);
        }

        return timing;
    }

    internal static void UseServerTiming(this WebApplication app)
    {
        if (!(app.Services.GetRequiredService<IOptions<TelemetryOptions>>().Value.ServerTiming ?? app.Environment.IsDevelopment()))
        {
            return;
        }

        app.Use((context, next) =>
        {
            var timing = context.Timing();
            context.Response.OnStarting(() =>
            {
                if (timing.HeaderValue() is { } value)
                {
                    context.Response.Headers["Server-Timing"] = value;
                }

                return Task.CompletedTask;
            });
            return next(context);
        });
    }
}
