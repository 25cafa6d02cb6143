using System.Collections.Concurrent;
using System.Net;
using System.Security.Claims;
using System.Security.Cryptography;
using System.Text;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.IdentityModel.JsonWebTokens;
using Microsoft.IdentityModel.Tokens;

namespace Sorcha.Testing.InProcess;

/// <summary>
/// The issuer's sign-in for a web app (OpenID Connect authorization code with PKCE, S256 only): an authorize page with a
/// Username field and Continue, a token endpoint for the code and for refresh tokens (rotated), and end-session. A
/// test double of the protocol's server side, as small as the web app's tests need; every check a real issuer makes
/// on what the client sends (client id, redirect URI, code verifier, one use per code) is made here too.
/// </summary>
public sealed partial class TestIssuer
{
    public const string WebClientId = "sorcha-web";

    private readonly ConcurrentDictionary<string, Grant> _codes = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, string> _refreshTokens = new(StringComparer.Ordinal);
    private int _refreshes;

    /// <summary>Access tokens' lifetime for the web client (short, so that a test sees the web app refresh).</summary>
    public TimeSpan WebTokenLifetime { get; set; } = TimeSpan.FromMinutes(30);

    /// <summary>How many refresh-token grants the issuer answered.</summary>
    public int Refreshes => _refreshes;

    private sealed record Grant(string Subject, string RedirectUri, string? Nonce, string Challenge);

    private void MapSignIn(WebApplication web)
    {
        web.MapGet("/authorize", (HttpRequest r) => Results.Content(AuthorizePage(r.QueryString.Value ?? ""), "text/html"));
        web.MapPost("/authorize", async (HttpRequest r) =>
        {
            var form = await r.ReadFormAsync();
            var q = r.Query;
            if (q["client_id"] != WebClientId || q["response_type"] != "code" || q["code_challenge_method"] != "S256" ||
                string.IsNullOrEmpty(q["code_challenge"]) || string.IsNullOrEmpty(form["username"]))
            {
                return Results.BadRequest("invalid_request");
            }

            var code = Base64UrlEncoder.Encode(RandomNumberGenerator.GetBytes(32));
            _codes[code] = new Grant(form["username"]!, q["redirect_uri"]!, q["nonce"], q["code_challenge"]!);
            return Results.Redirect($"{q["redirect_uri"]}?code={code}&state={WebUtility.UrlEncode(q["state"])}");
        });
        web.MapPost("/token", async (HttpRequest r) => Answer(await r.ReadFormAsync()));
        web.MapGet("/end-session", (HttpRequest r) => Results.Redirect(r.Query["post_logout_redirect_uri"].ToString() is { Length: > 0 } back ? back : "/"));
    }

    private IResult Answer(IFormCollection form)
    {
        if (form["client_id"] != WebClientId)
        {
            return Results.BadRequest(new { error = "invalid_client" });
        }

        if (form["grant_type"] == "refresh_token")
        {
            if (!_refreshTokens.TryRemove(form["refresh_token"].ToString(), out var subject))
            {
                return Results.BadRequest(new { error = "invalid_grant" });
            }

            Interlocked.Increment(ref _refreshes);
            return Tokens(subject, nonce: null, idToken: false);
        }

        // A code is used once, by the redirect it was issued for, with the verifier whose S256 is its challenge.
        if (form["grant_type"] != "authorization_code" || !_codes.TryRemove(form["code"].ToString(), out var grant) ||
            grant.RedirectUri != form["redirect_uri"] ||
            Base64UrlEncoder.Encode(SHA256.HashData(Encoding.ASCII.GetBytes(form["code_verifier"].ToString()))) != grant.Challenge)
        {
            return Results.BadRequest(new { error = "invalid_grant" });
        }

        return Tokens(grant.Subject, grant.Nonce, idToken: true);
    }

    private IResult Tokens(string subject, string? nonce, bool idToken)
    {
        var refresh = Base64UrlEncoder.Encode(RandomNumberGenerator.GetBytes(32));
        _refreshTokens[refresh] = subject;
        var claims = new Dictionary<string, object> { ["name"] = subject };
        if (nonce is not null)
        {
            claims["nonce"] = nonce;
        }

        return Results.Json(new Dictionary<string, object?>
        {
            ["access_token"] = Token(subject, Audience, WebTokenLifetime),
            ["token_type"] = "Bearer",
            ["expires_in"] = (int)WebTokenLifetime.TotalSeconds,
            ["refresh_token"] = refresh,
            ["id_token"] = idToken ? Token(subject, WebClientId, TimeSpan.FromMinutes(5), claims) : null,
        });
    }

    private static string AuthorizePage(string query) => $"""
        <!DOCTYPE html><html lang="en"><head><title>Test issuer</title></head><body><main>
        <h1>Sign in to the test issuer</h1>
        <form method="post" action="/authorize{WebUtility.HtmlEncode(query)}">
        <label for="username">Username</label> <input id="username" name="username" required>
        <button type="submit">Continue</button></form></main></body></html>
        """;

    private string Token(string subject, string audience, TimeSpan lifetime, IDictionary<string, object>? claims = null) =>
        new JsonWebTokenHandler().CreateToken(new SecurityTokenDescriptor
        {
            Issuer = Name,
            Audience = audience,
            Subject = new ClaimsIdentity([new Claim("sub", subject)]),
            Claims = claims,
            Expires = DateTime.UtcNow.Add(lifetime),
            SigningCredentials = new SigningCredentials(new RsaSecurityKey(_rsa) { KeyId = KeyId }, SecurityAlgorithms.RsaSha256),
        });
}
