using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Authentication.OpenIdConnect;
using Microsoft.Extensions.Options;
using Sorcha.Client;

namespace Sorcha.Web.Identity;

/// <summary>
/// Gets a session a token and renews it before it expires: in Development a development token for the session's name
/// (the development secret is this process's and the gateway's only), with OpenID Connect the refresh-token grant at
/// the issuer's token endpoint. A refresh that fails for good ends the session.
/// </summary>
public sealed class TokenRefresher(IHttpClientFactory http, IConfiguration configuration,
    IOptionsMonitor<OpenIdConnectOptions> oidc, IOptions<WebOptions> options, TimeProvider clock, ILogger<TokenRefresher> logger)
{
    /// <summary>The gateway's HttpClient (named, from <see cref="Api.GatewayClients"/>).</summary>
    public const string GatewayClient = "gateway";

    /// <summary>A development token for <paramref name="name"/>: the gateway's answer, problems included.</summary>
    internal async Task<SessionTokens> DevelopmentTokenAsync(string name, CancellationToken cancellationToken)
    {
        var secret = configuration["Parameters:dev-client-secret"]
            ?? throw new InvalidOperationException("Development sign-in needs Parameters:dev-client-secret (the AppHost gives it).");
        var token = await new AuthClient(http.CreateClient(GatewayClient)).RequestTokenAsync(name, secret, cancellationToken);
        return new SessionTokens(token.AccessToken, clock.GetUtcNow().AddSeconds(token.ExpiresIn), null);
    }

    internal async Task<SessionTokens> RefreshAsync(UserSession session, CancellationToken cancellationToken)
    {
        await session.Refreshing.WaitAsync(cancellationToken);
        try
        {
            if (session.Ended)
            {
                throw new SessionEndedException();
            }

            // Another circuit of this session may have renewed it while this one waited.
            if (clock.GetUtcNow() < session.Tokens.ExpiresAt - SessionTokenSource.RefreshMargin)
            {
                return session.Tokens;
            }

            session.Tokens = session.Kind == SessionKind.Development
                ? await DevelopmentTokenAsync(session.Subject, cancellationToken)
                : await RefreshGrantAsync(session.Tokens.RefreshToken, cancellationToken);
            return session.Tokens;
        }
        catch (Exception ex) when (ex is SorchaApiException or HttpRequestException or SessionEndedException)
        {
            logger.LogInformation("A session's token could not be renewed ({Reason}); the session ends", ex.Message);
            session.Ended = true;
            throw ex as SessionEndedException ?? new SessionEndedException("Your session has ended. Sign in again.", ex);
        }
        finally
        {
            session.Refreshing.Release();
        }
    }

    private async Task<SessionTokens> RefreshGrantAsync(string? refreshToken, CancellationToken cancellationToken)
    {
        if (string.IsNullOrEmpty(refreshToken))
        {
            throw new SessionEndedException("Your sign-in has expired and the issuer gave no refresh token. Sign in again.");
        }

        var scheme = oidc.Get(OpenIdConnectDefaults.AuthenticationScheme);
        var metadata = await scheme.ConfigurationManager!.GetConfigurationAsync(cancellationToken);
        var form = new Dictionary<string, string>
        {
            ["grant_type"] = "refresh_token",
            ["refresh_token"] = refreshToken,
            ["client_id"] = scheme.ClientId!,
        };
        if (!string.IsNullOrEmpty(options.Value.Oidc.ClientSecret))
        {
            form["client_secret"] = options.Value.Oidc.ClientSecret;
        }

        using var response = await scheme.Backchannel.PostAsync(new Uri(metadata.TokenEndpoint), new FormUrlEncodedContent(form), cancellationToken);
        if (!response.IsSuccessStatusCode)
        {
            throw new SessionEndedException($"The issuer refused to renew your sign-in ({(int)response.StatusCode}). Sign in again.");
        }

        var answer = await response.Content.ReadFromJsonAsync(RefreshJson.Default.RefreshAnswer, cancellationToken)
            ?? throw new SessionEndedException();
        // An issuer that rotates refresh tokens sends a new one; one that does not keeps the old one valid.
        return new SessionTokens(answer.AccessToken, clock.GetUtcNow().AddSeconds(answer.ExpiresIn), answer.RefreshToken ?? refreshToken);
    }

    internal sealed record RefreshAnswer(
        [property: JsonPropertyName("access_token")] string AccessToken,
        [property: JsonPropertyName("expires_in")] int ExpiresIn,
        [property: JsonPropertyName("refresh_token")] string? RefreshToken);
}

[JsonSerializable(typeof(TokenRefresher.RefreshAnswer))]
internal sealed partial class RefreshJson : JsonSerializerContext;
