using System.Security.Claims;
using System.Security.Cryptography;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Microsoft.IdentityModel.JsonWebTokens;
using Microsoft.IdentityModel.Tokens;
using Sorcha.Hosting;

namespace Sorcha.IntegrationTests.Production;

/// <summary>
/// A token issuer as a deployment would have one, without OIDC discovery: an RSA key whose public half it serves as a
/// JWK Set on loopback, and RS256 tokens signed with it for any subject.
/// </summary>
public sealed class TestIssuer : IAsyncDisposable
{
    public const string Name = "https://issuer.sorcha.test";
    public const string Audience = "sorcha-api";
    private const string KeyId = "test-issuer-1";

    private readonly RSA _rsa = RSA.Create(2048);
    private WebApplication? _web;

    public Uri? JwksUri { get; private set; }

    public async Task StartAsync()
    {
        var port = Ports.Free();
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
        _web.MapGet("/jwks.json", () => Results.Json(jwks));
        await _web.StartAsync();
        JwksUri = new Uri($"http://127.0.0.1:{port}/jwks.json");
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
        if (_web is not null)
        {
            await _web.DisposeAsync();
        }

        _rsa.Dispose();
    }
}
