using Microsoft.AspNetCore.Http;

namespace Sorcha.ApiPlatform.LinkedData;

/// <summary>
/// The scheme and host a client called, as the gateway forwards them (<c>X-Forwarded-Proto</c>, <c>X-Forwarded-Host</c>,
/// which YARP sets from the client's own request, replacing any the client sent), else the request's own. Only a
/// well-formed http(s) origin is used; a caller that names another host in its Host header gets ids on that host in
/// its own answer, and nothing else.
/// </summary>
public static class PublicOrigin
{
    public static string Of(HttpRequest request)
    {
        var scheme = First(request.Headers["X-Forwarded-Proto"]) ?? request.Scheme;
        var host = First(request.Headers["X-Forwarded-Host"]) ?? request.Host.Value;
        return scheme is "http" or "https" && host is { Length: > 0 } && Uri.TryCreate($"{scheme}://{host}", UriKind.Absolute, out var origin)
            && origin.PathAndQuery == "/" && origin.UserInfo.Length == 0
            ? origin.GetLeftPart(UriPartial.Authority)
            : $"{request.Scheme}://{request.Host.Value}";
    }

    private static string? First(string? header) =>
        header?.Split(',', 2)[0].Trim() is { Length: > 0 } value ? value : null;
}
