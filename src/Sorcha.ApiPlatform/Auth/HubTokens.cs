using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace Sorcha.ApiPlatform.Auth;

/// <summary>
/// SignalR's browser transports cannot send an Authorization header (a WebSocket handshake, an EventSource), so its
/// clients put the bearer token in the query as <c>access_token</c>. Accepted on the hub paths (<see cref="PathPrefix"/>)
/// only, and only when no header came: everywhere else a token in a URL stays unread (URLs end up in logs and
/// histories), and a header always wins. The token is then checked exactly as a header's would be. Both the gateway
/// (which checks before forwarding) and the hub's service run this through <see cref="AuthSetup"/>.
/// </summary>
public static class HubTokens
{
    /// <summary>Where hubs live, at the gateway and in the service that hosts them.</summary>
    public const string PathPrefix = "/hubs";

    public const string QueryName = "access_token";

    internal static void AcceptHubQueryTokens(this IServiceCollection services, string scheme) =>
        services.PostConfigure<JwtBearerOptions>(scheme, o =>
        {
            o.Events ??= new JwtBearerEvents();
            var inner = o.Events.OnMessageReceived;
            o.Events.OnMessageReceived = async context =>
            {
                await inner(context);
                if (context.Token is null && context.Result is null && FromQuery(context.Request) is { } token)
                {
                    context.Token = token;
                }
            };
        });

    /// <summary>The query's token on a hub path when the request has no Authorization header; otherwise null.</summary>
    public static string? FromQuery(HttpRequest request) =>
        request.Path.StartsWithSegments(PathPrefix, StringComparison.OrdinalIgnoreCase)
        && request.Headers.Authorization.Count == 0
        && request.Query[QueryName] is [{ Length: > 0 } token]
            ? token
            : null;
}
