using Microsoft.AspNetCore.Http;
using Sorcha.ApiPlatform.Auth;

namespace Sorcha.Events.Connections;

/// <summary>The bearer token a hub connection authenticated with: its Authorization header, or the hub path's query token.</summary>
public static class ConnectionToken
{
    public static string? Of(HttpContext? context)
    {
        if (context is null)
        {
            return null;
        }

        var header = context.Request.Headers.Authorization.ToString();
        return header.StartsWith("Bearer ", StringComparison.OrdinalIgnoreCase) && header.Length > 7
            ? header[7..].Trim()
            : HubTokens.FromQuery(context.Request);
    }
}
