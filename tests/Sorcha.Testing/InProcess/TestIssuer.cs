using System.Security.Claims;
using System.Security.Cryptography;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Microsoft.IdentityModel.JsonWebTokens;
using Microsoft.IdentityModel.Tokens;
using Sorcha.AppHost.Hosting;

namespace Sorcha.Testing.InProcess;

/// <summary>
/// A token issuer as a deployment would have one: an RSA key whose public half it serves on loopback as a JWK Set and
/// through an OIDC discovery document, and RS256 tokens signed with it for any subject. Its name is its base URL, so
/// that it can be the Authority too.
/// </summary>
public sealed partial class TestIssuer : IAsyncDisposable
{
    public const string Audience = "sorcha-api";
    private const string KeyId = "test-issuer-1";

    private readonly RSA _rsa = RSA.Create(2048);
    private WebApplication _web = null!;

    private TestIssuer()
    {
    }

    /// <summary>The issuer's name (tokens' iss) and Authority: http://127.0.0.1:port.</summary>
    public string Name { get; private set; } = "";

    public Uri JwksUri { get; private set; } = null!;

    public static async Task<TestIssuer> StartAsync()
    {
        var issuer = new TestIssuer();
        await issuer.ServeAsync(PortLeases.Lease());
        return issuer;
    }

    private async Task ServeAsync(int port)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls($"http://127.0.0.1:{port}");
        builder.Logging.ClearProviders();
        _web = builder.Build();
        var key = _rsa.ExportParameters(includePrivateParameters: false);
        var jwks = new
        {
            keys = new[]
            {
                new { kty = "RSA", use = "sig", alg = "RS256", kid = KeyId, n = Base64UrlEncoder.Encode(key.Modulus!), e = Base64UrlEncoder.Encode(key.Exponent!) },
            },
        };
        Name = $"http://127.0.0.1:{port}";
        JwksUri = new Uri($"{Name}/jwks.json");
        _web.MapGet("/jwks.json", () => Results.Json(jwks));
        var discovery = new
        {
            issuer = Name,
            jwks_uri = JwksUri,
            authorization_endpoint = $"{Name}/authorize",
            token_endpoint = $"{Name}/token",
            end_session_endpoint = $"{Name}/end-session",
            response_types_supported = new[] { "code" },
            subject_types_supported = new[] { "public" },
            id_token_signing_alg_values_supported = new[] { "RS256" },
            code_challenge_methods_supported = new[] { "S256" },
        };
        _web.MapGet("/.well-known/openid-configuration", () => Results.Json(discovery));
        MapSignIn(_web);
        await _web.StartAsync();
    }

    public string Token(string subject, string audience = Audience) => new JsonWebTokenHandler().CreateToken(new SecurityTokenDescriptor
    {
        Issuer = Name,
        Audience = audience,
        Subject = new ClaimsIdentity([new Claim("sub", subject)]),
        Expires = DateTime.UtcNow.AddMinutes(30),
        SigningCredentials = new SigningCredentials(new RsaSecurityKey(_rsa) { KeyId = KeyId }, SecurityAlgorithms.RsaSha256),
    });

    public async ValueTask DisposeAsync()
    {
        await _web.DisposeAsync();
        _rsa.Dispose();
    }
}
