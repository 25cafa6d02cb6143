using Microsoft.AspNetCore.Http;

namespace Sorcha.ApiPlatform.LinkedData;

/// <summary>
/// The scheme and host a client called, as the gateway forwards them to a JSON-LD request (<c>X-Forwarded-Proto</c>,
/// <c>X-Forwarded-Host</c>, from the client's own request, replacing any the client sent), else the request's own.
/// Only a well-formed http(s) origin with a forwarded host is used. A caller that names another host in its Host
/// header gets ids on that host in its own answer, and nothing else.
/// </summary>
public static class PublicOrigin
{
    public static string Of(HttpRequest request)
    {
        var own = $"{request.Scheme}://{request.Host.Value}";
        if (First(request.Headers["X-Forwarded-Host"]) is not { } host)
        {
            return own;
        }

        var scheme = First(request.Headers["X-Forwarded-Proto"]) ?? request.Scheme;
        return scheme is "http" or "https" && Uri.TryCreate($"{scheme}://{host}", UriKind.Absolute, out var origin)
            && origin.PathAndQuery == "/" && origin.UserInfo.Length == 0
            ? origin.GetLeftPart(UriPartial.Authority)
            : own;
    }

    private static string? First(string? header) =>
        header?.Split(',', 2)[0].Trim() is { Length: > 0 } value ? value : null;
}
