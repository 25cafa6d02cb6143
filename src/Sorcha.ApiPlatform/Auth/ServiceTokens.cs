using System.Security.Claims;
using System.Security.Cryptography;
using System.Text;
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Microsoft.IdentityModel.JsonWebTokens;
using Microsoft.IdentityModel.Tokens;

namespace Sorcha.ApiPlatform.Auth;

/// <summary>
/// The Blueprint service's own identity towards the Transaction service: short-lived HS256 JWTs (issuer
/// <see cref="Issuer"/>, audience <see cref="Audience"/>) signed with a key that only those two processes receive
/// (<see cref="SigningKeyConfigKey"/>; the AppHost generates it per run). No user token can pass as one: the gateway's
/// token endpoint and any OIDC issuer sign with other keys, and a service token is recognised by the authentication
/// scheme that validated it (<see cref="IsService"/>), never by a claim a caller chooses (a user may call itself
/// "blueprint"). The subject is the user on whose behalf the service acts, so per-caller rate limits stay per user.
/// </summary>
public static class ServiceTokens
{
    public const string Scheme = "SorchaService";
    public const string Issuer = "sorcha-service";
    public const string Audience = "sorcha-transaction";
    public const string SigningKeyConfigKey = "Authentication:Service:SigningKey";

    /// <summary>The claim naming the issuing service (informational: logs; trust comes from the key).</summary>
    public const string ServiceClaim = "svc";

    /// <summary>
    /// The subject whose write right the commit uses: the instance's creator, who had to own or write to the register.
    /// The Transaction service checks it on every commit, so revoking that right stops the instance's steps too.
    /// </summary>
    public const string WriterClaim = "writer";

    private const string SelectorScheme = "BearerOrService";
    private static readonly TimeSpan Lifetime = TimeSpan.FromMinutes(2);

    /// <summary>The 32-byte signing key from an AppHost secret (HKDF, so the secret itself is never a key elsewhere).</summary>
    public static byte[] DeriveSigningKey(string secret) =>
        HKDF.DeriveKey(HashAlgorithmName.SHA256, Encoding.UTF8.GetBytes(secret), 32,
            salt: [], info: Encoding.UTF8.GetBytes("sorcha/v1/service-token-signing"));

    /// <summary>
    /// Binds <see cref="ServiceTokenOptions"/> (the key, when this process is given one) and refuses to start with a key
    /// that is not base64. The Blueprint service signs with it; <see cref="AcceptServiceTokens"/> checks with it.
    /// </summary>
    public static void AddServiceTokenKey(this IHostApplicationBuilder builder) =>
        builder.Services.AddOptions<ServiceTokenOptions>()
            .Bind(builder.Configuration.GetSection(ServiceTokenOptions.Section))
            .Validate(o => o.SigningKey is not { Length: > 0 } key || Convert.TryFromBase64String(key, new byte[key.Length], out _),
                $"{SigningKeyConfigKey} must be base64.")
            .ValidateOnStart();

    /// <summary>
    /// A token that says "<paramref name="service"/>, after its checks, on behalf of <paramref name="onBehalfOf"/>, with
    /// the write right of <paramref name="writer"/>".
    /// </summary>
    public static string Create(byte[] signingKey, string service, string onBehalfOf, string writer) =>
        new JsonWebTokenHandler().CreateToken(new SecurityTokenDescriptor
        {
            Issuer = Issuer,
            Audience = Audience,
            Subject = new ClaimsIdentity([new Claim("sub", onBehalfOf), new Claim(ServiceClaim, service), new Claim(WriterClaim, writer)]),
            Expires = DateTime.UtcNow.Add(Lifetime),
            SigningCredentials = new SigningCredentials(new SymmetricSecurityKey(signingKey), SecurityAlgorithms.HmacSha256),
        });

    /// <summary>True only for a principal that the service scheme authenticated (its identity carries the scheme's type).</summary>
    public static bool IsService(this ClaimsPrincipal user) =>
        user.Identities.Any(i => i.IsAuthenticated && i.AuthenticationType == Scheme);

    /// <summary>
    /// Lets this process accept service tokens besides user tokens: a bearer token whose (unverified) issuer is
    /// <see cref="Issuer"/> goes to the service scheme, which checks it with the service key; everything else goes to
    /// the user scheme as before. Without a configured key every token goes to the user scheme, so service tokens are
    /// refused (401) as any token from an unknown issuer.
    /// </summary>
    public static void AcceptServiceTokens(this IHostApplicationBuilder builder)
    {
        builder.AddServiceTokenKey();
        builder.Services.AddAuthentication(o =>
            {
                o.DefaultScheme = SelectorScheme;
                o.DefaultAuthenticateScheme = SelectorScheme;
                o.DefaultChallengeScheme = SelectorScheme;
            })
            .AddJwtBearer(Scheme, _ => { })
            .AddPolicyScheme(SelectorScheme, "User or service bearer token", o => o.ForwardDefaultSelector = Select);
        ValidatedTokens.RememberFor(builder.Services, Scheme);
        builder.Services.AddOptions<JwtBearerOptions>(Scheme).Configure<IOptions<ServiceTokenOptions>>((o, service) =>
        {
            o.MapInboundClaims = false;
            o.TokenValidationParameters = new TokenValidationParameters
            {
                ValidIssuer = Issuer,
                ValidAudience = Audience,
                IssuerSigningKey = service.Value.Key() is { } key ? new SymmetricSecurityKey(key) : null,
                ValidAlgorithms = [SecurityAlgorithms.HmacSha256],
                AuthenticationType = Scheme,
                NameClaimType = "sub",
                ClockSkew = TimeSpan.FromSeconds(30),
            };
        });
    }

    /// <summary>The scheme for a request's token: the one that validated it before, else by its (unverified) issuer.</summary>
    private static string Select(HttpContext context)
    {
        var token = ValidatedTokens.Bearer(context.Request.Headers.Authorization.ToString());
        if (token is null)
        {
            return JwtBearerDefaults.AuthenticationScheme;
        }

        return context.RequestServices.GetRequiredService<ValidatedTokens>().SchemeOf(token)
            ?? (HasKey(context) && IssuerOf(token) == Issuer ? Scheme : JwtBearerDefaults.AuthenticationScheme);
    }

    private static bool HasKey(HttpContext context) =>
        context.RequestServices.GetRequiredService<IOptions<ServiceTokenOptions>>().Value.SigningKey is { Length: > 0 };

    private static string? IssuerOf(string token)
    {
        var handler = new JsonWebTokenHandler();
        try
        {
            return handler.CanReadToken(token) ? handler.ReadJsonWebToken(token).Issuer : null;
        }
        catch (ArgumentException)
        {
            return null; // malformed: the user scheme answers 401 as for any bad token
        }
    }
}
