using Sorcha.AppHost.Redis;
using Sorcha.Hosting;

namespace Sorcha.AppHost.Dashboard;

/// <summary>
/// A small resource dashboard (the Aspire dashboard is not served by our registry): every resource's state, address,
/// restarts (the supervisor's and deliberate ones), how its last process ended, recent output filterable by resource
/// and level, and in Development the recent requests, one of them as a waterfall of its spans across the services
/// (<see cref="RecentRequests"/>). Loopback only, and only by a loopback name (<see cref="LocalCallersOnly"/>).
/// Telemetry goes to any OTLP endpoint given in OTEL_EXPORTER_OTLP_ENDPOINT.
/// </summary>
public static class DashboardHost
{
    public static WebApplication Create(WebApplicationBuilder builder, Orchestrator app, RedisChoice redis, int port)
    {
        builder.WebHost.UseUrls($"http://127.0.0.1:{port}");
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        builder.Services.AddHttpClient<RecentRequests>(c => c.Timeout = TimeSpan.FromSeconds(2));
        builder.Services.AddSingleton(app);
        var web = builder.Build();
        web.UseLocalCallersOnly(port);
        web.MapGet("/", async (string? trace, RecentRequests requests, CancellationToken ct) =>
            Results.Content(DashboardPage.Render(app, redis, await requests.CollectAsync(ct), trace), "text/html; charset=utf-8"));
        web.MapGet("/api/resources", () => app.Resources.Select(r => new
        {
            name = r.Spec.Name,
            status = r.Status.ToString(),
            url = r.Spec.Port > 0 ? r.Spec.Url.ToString() : null,
            pid = r.Process is { HasExited: false } p ? p.Id : (int?)null,
            restarts = r.Restarts,
            readyAt = r.ReadyAt,
            lastExit = r.LastExit,
        }));
        web.MapGet("/api/traces", (RecentRequests requests, CancellationToken ct) => requests.CollectAsync(ct));
        web.MapGet("/logs/{name}", (string name) => app.Resources.FirstOrDefault(r => r.Spec.Name == name) is { } r
            ? Results.Text(string.Join('\n', r.Logs()))
            : Results.NotFound());
        return web;
    }
}
