using System.Net;

namespace Sorcha.AppHost.Dashboard;

/// <summary>
/// The status page shows every process's output, so it answers only this machine, by a loopback name. It listens on
/// 127.0.0.1, but a web page from another site can still reach it through the visitor's browser once that site's name
/// resolves to 127.0.0.1 (DNS rebinding); such a request carries the site's own name in Host and is refused here.
/// </summary>
internal static class LocalCallersOnly
{
    public static void UseLocalCallersOnly(this WebApplication web, int port)
    {
        string[] hosts = [$"localhost:{port}", $"127.0.0.1:{port}", $"[::1]:{port}"];
        web.Use((context, next) =>
            context.Connection.RemoteIpAddress is { } caller && IPAddress.IsLoopback(caller)
            && hosts.Contains(context.Request.Host.Value, StringComparer.OrdinalIgnoreCase)
                ? next(context)
                : TypedResults.Problem($"The status page answers only http://localhost:{port} (or 127.0.0.1, [::1]) on this machine.",
                    statusCode: StatusCodes.Status400BadRequest, title: "Not a local address").ExecuteAsync(context));
    }
}
