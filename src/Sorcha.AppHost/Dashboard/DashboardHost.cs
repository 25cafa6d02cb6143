using System.Net;
using System.Text;
using Sorcha.AppHost.Redis;
using Sorcha.Hosting;

namespace Sorcha.AppHost.Dashboard;

/// <summary>
/// A small resource dashboard (the Aspire dashboard is not served by our registry): every resource's state, address,
/// restarts (the supervisor's and deliberate ones), how its last process ended, and recent output. Loopback only, and
/// only by a loopback name (<see cref="LocalCallersOnly"/>). Telemetry goes to any OTLP endpoint given in OTEL_EXPORTER_OTLP_ENDPOINT.
/// </summary>
public static class DashboardHost
{
    public static WebApplication Create(WebApplicationBuilder builder, Orchestrator app, RedisChoice redis, int port)
    {
        builder.WebHost.UseUrls($"http://127.0.0.1:{port}");
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        var web = builder.Build();
        web.UseLocalCallersOnly(port);
        web.MapGet("/", () => Results.Content(Page(app, redis), "text/html; charset=utf-8"));
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
        web.MapGet("/logs/{name}", (string name) => app.Resources.FirstOrDefault(r => r.Spec.Name == name) is { } r
            ? Results.Text(string.Join('\n', r.Logs()))
            : Results.NotFound());
        return web;
    }

    private static string Page(Orchestrator app, RedisChoice redis)
    {
        var html = new StringBuilder("<!doctype html><meta http-equiv=refresh content=2><title>Sorcha</title>")
            .Append("<style>body{font-family:sans-serif}td,th{padding:4px 12px;text-align:left}</style>")
            .Append("<h1>Sorcha resources</h1>")
            .Append($"<p>Redis: {WebUtility.HtmlEncode(redis.Provider)} ({WebUtility.HtmlEncode(redis.Reason)})</p>")
            .Append("<table><tr><th>resource<th>state<th>address<th>pid<th>restarts<th>last exit<th>logs</tr>");
        foreach (var r in app.Resources)
        {
            var name = WebUtility.HtmlEncode(r.Spec.Name);
            var url = r.Spec.Port > 0 ? $"<a href='{r.Spec.Url}'>{r.Spec.Url}</a>" : "external";
            var exit = r.LastExit is { } e ? $"code {e.Code} at {e.At:HH:mm:ss} UTC" : "";
            html.Append($"<tr><td>{name}<td>{r.Status}<td>{url}<td>{r.Process?.Id}<td>{r.Restarts}<td>{exit}")
                .Append($"<td><a href='/logs/{name}'>output</a></tr>");
        }

        return html.Append("</table>").ToString();
    }
}
