using System.Net;
using System.Net.Http.Headers;
using Sorcha.Contracts.Auth;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Foundation;

[Collection(PlatformScope.Name)]
public sealed class AuthenticationTests(PlatformFixture platform)
{
    public static TheoryData<string> ApiRoutes() =>
        ["/api/wallets", "/api/registers", "/api/transactions", "/api/blueprints"];

    [Theory]
    [MemberData(nameof(ApiRoutes))]
    public async Task Api_route_without_a_token_is_401_problem(string route)
    {
        using var response = await platform.Gateway.GetAsync(route);
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.Unauthorized);
    }

    [Theory]
    [MemberData(nameof(ApiRoutes))]
    public async Task Api_route_with_a_garbage_token_is_401(string route)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, route);
        request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", "not.a.jwt");
        using var response = await platform.Gateway.SendAsync(request);
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.Unauthorized);
    }

    [Theory]
    [MemberData(nameof(ApiRoutes))]
    public async Task Api_route_with_a_development_token_is_200_from_the_owning_service(string route)
    {
        using var client = await platform.ClientAsync("alice");
        using var response = await client.GetAsync(route);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
    }

    [Fact]
    public async Task Token_signed_with_another_secret_is_rejected_by_the_services()
    {
        // The gateway only forwards: point straight at a service to prove it validates tokens itself.
        var wallet = platform.App["wallet"].Url;
        using var client = new HttpClient { BaseAddress = wallet };
        var forged = ForgedToken("alice");
        client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", forged);
        using var response = await client.GetAsync("/api/wallets");
        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
    }

    [Fact]
    public async Task Wrong_client_secret_is_401_invalid_client()
    {
        using var response = await PostTokenAsync("alice", "wrong-secret", "client_credentials");
        var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.Unauthorized);
        Assert.Equal("invalid_client", problem.Extensions!["error"].GetString());
    }

    [Theory]
    [InlineData("password", "alice")]
    [InlineData("client_credentials", "")]
    [InlineData("client_credentials", "has spaces")]
    public async Task Malformed_token_request_is_400(string grantType, string clientId)
    {
        using var response = await PostTokenAsync(clientId, platform.Options.DevClientSecret, grantType);
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.BadRequest);
    }

    [Fact]
    public async Task Token_response_has_the_oauth2_shape()
    {
        using var response = await PostTokenAsync("bob", platform.Options.DevClientSecret, "client_credentials");
        // TokenResponse names the RFC 6749 members (token_type, expires_in, access_token); the typed read requires each.
        var body = await Json.ReadAsync<TokenResponse>(response);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("Bearer", body.TokenType);
        Assert.True(body.ExpiresIn > 0);
        Assert.Equal(3, body.AccessToken.Split('.').Length);
    }

    private Task<HttpResponseMessage> PostTokenAsync(string clientId, string secret, string grantType) =>
        platform.Gateway.PostAsync("/api/auth/token", new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["grant_type"] = grantType,
            ["client_id"] = clientId,
            ["client_secret"] = secret,
        }));

    private static string ForgedToken(string subject)
    {
        var key = Sorcha.ApiPlatform.Auth.DevelopmentTokens.SecurityKey(
            Sorcha.ApiPlatform.Auth.DevelopmentTokens.DeriveSigningKey("some-other-secret"));
        return new Microsoft.IdentityModel.JsonWebTokens.JsonWebTokenHandler().CreateToken(
            new Microsoft.IdentityModel.Tokens.SecurityTokenDescriptor
            {
                Issuer = Sorcha.ApiPlatform.Auth.DevelopmentTokens.Issuer,
                Audience = Sorcha.ApiPlatform.Auth.DevelopmentTokens.Audience,
                Claims = new Dictionary<string, object> { ["sub"] = subject },
                Expires = DateTime.UtcNow.AddMinutes(5),
                SigningCredentials = new Microsoft.IdentityModel.Tokens.SigningCredentials(
                    key, Microsoft.IdentityModel.Tokens.SecurityAlgorithms.HmacSha256),
            });
    }
}
