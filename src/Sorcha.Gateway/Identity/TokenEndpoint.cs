using System.Security.Claims;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.Options;
using Microsoft.OpenApi;
using Microsoft.IdentityModel.JsonWebTokens;
using Microsoft.IdentityModel.Tokens;
using Sorcha.Contracts.Auth;
using Sorcha.ApiPlatform.Auth;

namespace Sorcha.Gateway.Identity;

/// <summary>
/// POST /api/auth/token, OAuth2 client-credentials shaped, Development only: any client_id with the development
/// secret gets a token whose subject is that client_id. Outside Development the route does not exist.
/// </summary>
public static partial class TokenEndpoint
{
    private static readonly TimeSpan Lifetime = TimeSpan.FromHours(1);

    /// <summary>The development secret, bound from the AppHost's parameter (<see cref="TokenEndpointOptions"/>).</summary>
    public static void AddTokenEndpoint(this WebApplicationBuilder builder) =>
        builder.Services.AddOptions<TokenEndpointOptions>().Bind(builder.Configuration.GetSection(TokenEndpointOptions.Section)).ValidateOnStart();

    public static void MapTokenEndpoint(this WebApplication app)
    {
        var secret = app.Services.GetRequiredService<IOptions<TokenEndpointOptions>>().Value.DevClientSecret;
        if (!app.Environment.IsDevelopment() || string.IsNullOrEmpty(secret))
        {
            return;
        }

        app.MapPost("/api/auth/token", (HttpRequest request, CancellationToken ct) => IssueAsync(request, secret, ct))
            .AllowAnonymous()
            .DisableAntiforgery()
            .WithName("IssueToken").WithTags("Identity")
            .WithSummary("Development only: a token whose subject is client_id, for the development secret (OAuth2 client credentials).")
            // Described, not declared with Accepts<T>: Accepts takes part in routing, and a body of another type
            // would then fall through to the proxy (401) instead of this route's 400 invalid_request.
            .AddOpenApiOperationTransformer(async (operation, context, ct) =>
            {
                var form = await context.GetOrCreateSchemaAsync(typeof(TokenRequest), null, ct);
                form.AdditionalPropertiesAllowed = true; // OAuth2: unknown parameters are ignored
                form.AdditionalProperties = null;
                operation.RequestBody = new OpenApiRequestBody
                {
                    Required = true,
                    Content = new Dictionary<string, OpenApiMediaType> { ["application/x-www-form-urlencoded"] = new() { Schema = form } },
                };
            })
            .ProducesProblem(StatusCodes.Status400BadRequest)
            .ProducesProblem(StatusCodes.Status401Unauthorized);
    }

    private static async Task<Results<Ok<TokenResponse>, ProblemHttpResult>> IssueAsync(
        HttpRequest request, string secret, CancellationToken ct)
    {
        if (!request.HasFormContentType)
        {
            return OAuthError(400, "invalid_request", "Send application/x-www-form-urlencoded.");
        }

        IFormCollection form;
        try
        {
            form = await request.ReadFormAsync(ct);
        }
        catch (InvalidDataException e)
        {
            // Over the form limits, a null character, a multipart body without a boundary: the client's mistake.
            return OAuthError(400, "invalid_request", "The form could not be read: " + e.Message);
        }
        if (form["grant_type"] != "client_credentials")
        {
            return OAuthError(400, "unsupported_grant_type", "Only grant_type=client_credentials is supported.");
        }

        string? clientId = form["client_id"];
        if (string.IsNullOrEmpty(clientId) || !ClientIdPattern().IsMatch(clientId))
        {
            return OAuthError(400, "invalid_request", "client_id must be 1-128 characters of letters, digits and . _ - @ :");
        }

        if (!SecretsEqual(form["client_secret"].ToString(), secret))
        {
            return OAuthError(401, "invalid_client", "Unknown client or wrong client_secret.");
        }

        return TypedResults.Ok(new TokenResponse(CreateToken(clientId, secret), "Bearer", (int)Lifetime.TotalSeconds));
    }

    private static string CreateToken(string clientId, string secret)
    {
        var key = DevelopmentTokens.SecurityKey(DevelopmentTokens.DeriveSigningKey(secret));
        return new JsonWebTokenHandler().CreateToken(new SecurityTokenDescriptor
        {
            Issuer = DevelopmentTokens.Issuer,
            Audience = DevelopmentTokens.Audience,
            Subject = new ClaimsIdentity([new Claim("sub", clientId), new Claim("client_id", clientId)]),
            Expires = DateTime.UtcNow.Add(Lifetime),
            SigningCredentials = new SigningCredentials(key, SecurityAlgorithms.HmacSha256),
        });
    }

    // Compare digests so the time taken says nothing about the secret's length or prefix.
    private static bool SecretsEqual(string presented, string expected) =>
        CryptographicOperations.FixedTimeEquals(
            SHA256.HashData(Encoding.UTF8.GetBytes(presented)), SHA256.HashData(Encoding.UTF8.GetBytes(expected)));

    private static ProblemHttpResult OAuthError(int status, string error, string detail) =>
        TypedResults.Problem(detail, statusCode: status, title: error,
            extensions: new Dictionary<string, object?> { ["error"] = error });

    [GeneratedRegex("^[A-Za-z0-9._@:-]{1,128}$")]
    private static partial Regex ClientIdPattern();
}
