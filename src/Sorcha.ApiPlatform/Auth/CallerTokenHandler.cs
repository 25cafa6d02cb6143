using System.Net.Http.Headers;
using Microsoft.AspNetCore.Http;

namespace Sorcha.ApiPlatform.Auth;

/// <summary>
/// Forwards the bearer token of the request being served on a call to another service, so that service applies the
/// caller's rights (e.g. wallet ownership), not this service's. A call that already carries a token (this service's
/// own, <see cref="ServiceTokens"/>) keeps it; a call made outside any request, or for an anonymous one, goes without.
/// </summary>
public sealed class CallerTokenHandler(IHttpContextAccessor accessor) : DelegatingHandler
{
    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        if (request.Headers.Authorization is null
            && accessor.HttpContext?.Request.Headers.Authorization.ToString() is { Length: > 0 } header
            && AuthenticationHeaderValue.TryParse(header, out var token))
        {
            request.Headers.Authorization = token;
        }

        return base.SendAsync(request, cancellationToken);
    }
}
