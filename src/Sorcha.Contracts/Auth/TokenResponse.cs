using System.Text.Json.Serialization;

namespace Sorcha.Contracts.Auth;

/// <summary><c>POST /api/auth/token</c>'s answer (OAuth2 client credentials, RFC 6749 member names).</summary>
public sealed record TokenResponse(
    [property: JsonPropertyName("access_token")] string AccessToken,
    [property: JsonPropertyName("token_type")] string TokenType,
    [property: JsonPropertyName("expires_in")] int ExpiresIn);

/// <summary>The form the token endpoint reads, for the OpenAPI document only (the endpoint reads the form itself).</summary>
public sealed record TokenRequest(
    [property: JsonPropertyName("grant_type")] string GrantType,
    [property: JsonPropertyName("client_id")] string ClientId,
    [property: JsonPropertyName("client_secret")] string ClientSecret);
