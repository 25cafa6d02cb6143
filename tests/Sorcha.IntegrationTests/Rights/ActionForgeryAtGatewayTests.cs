using System.Net;
using System.Net.Http.Headers;
using System.Security.Claims;
using Microsoft.IdentityModel.JsonWebTokens;
using Microsoft.IdentityModel.Tokens;
using Sorcha.ApiPlatform.Auth;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.IntegrationTests.Registers;

namespace Sorcha.IntegrationTests.Rights;

/// <summary>
/// A workflow step is accepted only with the Blueprint service's own token. A token that claims the service
/// issuer without its key is refused through the real gateway here; a hand-signed Action transaction posted with a
/// user's token is refused in process (Sorcha.Blueprint.Service.Tests' ActionForgeryInProcessTests).
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class ActionForgeryAtGatewayTests(PlatformFixture platform)
{
    [Fact]
    public async Task A_token_that_claims_the_service_issuer_without_the_service_key_is_401()
    {
        // Signed with the development token key, which the gateway (and anyone with the dev secret) holds.
        var devKey = DevelopmentTokens.SecurityKey(DevelopmentTokens.DeriveSigningKey(platform.Options.DevClientSecret));
        var forged = new JsonWebTokenHandler().CreateToken(new SecurityTokenDescriptor
        {
            Issuer = ServiceTokens.Issuer,
            Audience = ServiceTokens.Audience,
            Subject = new ClaimsIdentity([new Claim("sub", "forger"), new Claim(ServiceTokens.ServiceClaim, "blueprint")]),
            Expires = DateTime.UtcNow.AddMinutes(1),
            SigningCredentials = new SigningCredentials(devKey, SecurityAlgorithms.HmacSha256),
        });
        using var client = new HttpClient { BaseAddress = platform.Gateway.BaseAddress };
        client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", forged);
        using var response = await client.PostAsync("/api/transactions", RegisterFlows.Body("{}"));
        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
    }
}
