using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Security.Claims;
using System.Security.Cryptography;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.IdentityModel.JsonWebTokens;
using Microsoft.IdentityModel.Tokens;
using Sorcha.Cryptography;
using Sorcha.IntegrationTests.Blueprints;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.IntegrationTests.Ledger;
using Sorcha.ServiceDefaults.Auth;

namespace Sorcha.IntegrationTests.Rights;

/// <summary>
/// issue 14: a participant signed a hand-built <c>{"type":"Action", instanceId, actionId}</c> transaction through the
/// generic sign endpoint and posted it; it was committed (skipping the next-action check, the schema and the routes)
/// and verify called the register valid. A workflow step is now accepted only with the Blueprint service's own token.
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class ActionForgeryTests(PlatformFixture platform)
{
    [Theory]
    [InlineData("forger", "Action")]
    [InlineData("forger-lower", "action")]
    [InlineData("blueprint", "Action")] // a user whose subject is the service's name is still a user
    public async Task A_hand_signed_Action_transaction_is_403_even_from_the_register_owner(string clientId, string type)
    {
        using var caller = await platform.ClientAsync(clientId);
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(caller);
        var state = await caller.GetFromJsonAsync<JsonElement>($"/api/instances/{instance}");
        var registerId = state.Str("registerId");
        var walletInfo = await caller.GetFromJsonAsync<JsonElement>($"/api/wallets/{wallet}");

        var tx = new JsonObject
        {
            ["registerId"] = registerId,
            ["sender"] = wallet,
            ["algorithm"] = walletInfo.Str("algorithm"),
            ["publicKey"] = walletInfo.Str("publicKey"),
            ["payload"] = new JsonObject { ["envelopes"] = new JsonArray() },
            ["metadata"] = new JsonObject
            {
                ["type"] = type, ["blueprintId"] = state.Str("blueprintId"), ["instanceId"] = instance, ["actionId"] = "approve",
            },
            ["timestamp"] = DateTime.UtcNow.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture),
        };
        var txId = SHA256.HashData(Jcs.Canonicalize(tx));
        var signed = await Json.PostAsync(caller, $"/api/wallets/{wallet}/sign", new { data = Convert.ToBase64String(txId) },
            HttpStatusCode.OK);
        tx["signature"] = signed.Str("signature");

        using (var single = await caller.PostAsync("/api/transactions", LedgerFlows.Body(tx.ToJsonString())))
        {
            await ProblemAssert.IsProblemAsync(single, HttpStatusCode.Forbidden);
        }

        using (var batch = await caller.PostAsync("/api/transactions/batch", LedgerFlows.Body($"{{\"transactions\":[{tx.ToJsonString()}]}}")))
        {
            Assert.Equal(403, (await Json.ReadAsync(batch)).GetProperty("results")[0].GetProperty("status").GetInt32());
        }

        Assert.Equal(0, await LedgerFlows.HeightAsync(caller, registerId));

        // The real step, through the Blueprint service's checks, is still committed.
        var submitted = await Json.PostAsync(caller, $"/api/instances/{instance}/actions/submit",
            new { sender = wallet, data = InstanceFlows.Claim }, HttpStatusCode.Created);
        Assert.Equal(0, submitted.GetProperty("sequence").GetInt64());
    }

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
        using var response = await client.PostAsync("/api/transactions", LedgerFlows.Body("{}"));
        Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
    }
}
