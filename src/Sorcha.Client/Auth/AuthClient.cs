using Sorcha.Contracts.Auth;

namespace Sorcha.Client;

/// <summary><c>POST /api/auth/token</c> (OAuth2 client credentials). Errors carry the OAuth2 code as the <c>error</c> extension.</summary>
public sealed class AuthClient
{
    private readonly ApiTransport _transport;

    public AuthClient(HttpClient http)
        : this(new ApiTransport(http, null))
    {
    }

    internal AuthClient(ApiTransport transport) => _transport = transport;

    public async Task<TokenResponse> RequestTokenAsync(string clientId, string clientSecret, CancellationToken cancellationToken = default)
    {
        using var form = new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["grant_type"] = "client_credentials",
            ["client_id"] = clientId,
            ["client_secret"] = clientSecret,
        });
        // No bearer on this route: a transport without a token source sends none.
        var anonymous = _transport.Tokens is null ? _transport : new ApiTransport(_transport.Http, null);
        using var response = await anonymous.SendAsync(HttpMethod.Post, "api/auth/token", form, cancellationToken).ConfigureAwait(false);
        return await ApiTransport.ReadAsync(response, SorchaJsonContext.Default.TokenResponse, cancellationToken).ConfigureAwait(false);
    }
}
