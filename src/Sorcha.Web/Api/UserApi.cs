using System.Security.Claims;
using Microsoft.AspNetCore.Components.Authorization;
using Sorcha.Client;
using Sorcha.Web.Identity;

namespace Sorcha.Web.Api;

/// <summary>
/// The signed-in person's API client (one per circuit or request): every call carries their session's token, so the
/// API checks their rights, never the web app's. A session that is gone throws <see cref="SessionEndedException"/>.
/// </summary>
public sealed class UserApi(AuthenticationStateProvider authentication, UserSessions sessions, TokenRefresher refresher,
    IHttpClientFactory http, TimeProvider clock)
{
    private SorchaClient? _client;
    private SessionTokenSource? _tokens;
    private ClaimsPrincipal? _user;

    /// <summary>
    /// For a plain HTTP endpoint (a download), where no component has set the authentication state: act for the
    /// request's signed-in user.
    /// </summary>
    public UserApi For(ClaimsPrincipal user)
    {
        _user = user;
        return this;
    }

    public async Task<SorchaClient> ClientAsync()
    {
        if (_client is null)
        {
            var session = await SessionAsync();
            _tokens = new SessionTokenSource(session, refresher, clock);
            _client = new SorchaClient(http.CreateClient(TokenRefresher.GatewayClient), _tokens);
        }

        return _client;
    }

    /// <summary>The access token for the hub connection (renewed like every call's).</summary>
    public async Task<string?> AccessTokenAsync()
    {
        await ClientAsync();
        return await _tokens!.AccessTokenAsync();
    }

    public async Task<UserSession> SessionAsync()
    {
        var user = _user ?? (await authentication.GetAuthenticationStateAsync()).User;
        return sessions.Session(user) ?? throw new SessionEndedException();
    }
}
