using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using Sorcha.ApiPlatform.Auth;
using Sorcha.Contracts.Instances;
using Sorcha.IntegrationTests.BadInput;
using Sorcha.IntegrationTests.Blueprints;
using Sorcha.Testing.Platform.OpenApi;

namespace Sorcha.IntegrationTests.Production;

/// <summary>
/// The platform started in Production (<see cref="ProductionPlatformFixture"/>): nothing of Development's conveniences
/// answers, tokens come from the configured issuer only, and the services' own tokens to each other still work.
/// </summary>
[Collection(ProductionScope.Name)]
public sealed class ProductionModeTests(ProductionPlatformFixture platform)
{
    /// <summary>A route of each service that needs a token; a service the app model adds without one here fails below.</summary>
    private static readonly Dictionary<string, string> Routes = new()
    {
        ["blueprint"] = "/api/blueprints",
        ["wallet"] = "/api/wallets",
        ["register"] = "/api/registers",
        ["transaction"] = "/api/transactions",
    };

    public static TheoryData<string> Services() => [.. Routes.Keys];

    [Fact]
    public void Every_service_of_the_app_model_is_checked_here() =>
        Assert.Equal(platform.Services.Order(StringComparer.Ordinal), Routes.Keys.Order(StringComparer.Ordinal));

    [Fact]
    public async Task No_token_endpoint_and_no_Swagger_UI()
    {
        using var invalidOnPurpose = OpenApiValidatingHandler.BadInputScope();
        using var caller = await platform.ClientAsync("prod-surface");
        using var token = await caller.PostAsync("/api/auth/token", new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["grant_type"] = "client_credentials",
            ["client_id"] = "prod-surface",
            ["client_secret"] = platform.Options.DevClientSecret,
        }));
        Assert.Equal(HttpStatusCode.NotFound, token.StatusCode);
        using var swagger = await caller.GetAsync("/swagger/index.html");
        Assert.Equal(HttpStatusCode.NotFound, swagger.StatusCode);

        // Without a token the path is the web app's (every path no API route takes): its not-found page.
        using var anonymous = await platform.Gateway.GetAsync("/swagger/index.html");
        Assert.Equal(HttpStatusCode.NotFound, anonymous.StatusCode);
    }

    [Theory]
    [MemberData(nameof(Services))]
    public async Task A_token_from_the_configured_issuer_is_accepted_and_a_development_token_is_refused(string service)
    {
        var route = Routes[service];
        var development = BadTokens.Create(DevelopmentTokens.DeriveSigningKey(platform.Options.DevClientSecret), subject: "prod-dev");
        var otherAudience = platform.Issuer.Token("prod-caller", audience: "another-application");

        // Through the gateway, and straight at the service: each checks tokens itself.
        foreach (var target in new[] { platform.Gateway.BaseAddress!, platform.App[service].Url! })
        {
            Assert.Equal(HttpStatusCode.OK, await StatusAsync(target, route, platform.Issuer.Token("prod-caller")));
            Assert.Equal(HttpStatusCode.Unauthorized, await StatusAsync(target, route, development));
            Assert.Equal(HttpStatusCode.Unauthorized, await StatusAsync(target, route, otherAudience));
        }
    }

    [Fact]
    public async Task A_workflow_step_commits_with_the_service_token_and_sends_no_Server_Timing()
    {
        // The Blueprint service commits the step at the Transaction service with its own service token; in Development
        // this answer carries the submission's stage timings (Server-Timing), which tell an outsider about internals.
        using var alice = await platform.ClientAsync("prod-workflow");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(alice);
        using var response = await alice.PostAsJsonAsync($"/api/instances/{instance}/actions/submit",
            new { sender = wallet, data = InstanceFlows.Claim });
        Assert.True(response.StatusCode == HttpStatusCode.Created, await response.Content.ReadAsStringAsync());
        Assert.False(response.Headers.Contains("Server-Timing"), "Server-Timing was sent");
        var state = await Json.GetAsync<InstanceDto>(alice, $"/api/instances/{instance}");
        Assert.Single(state.TxIds);
    }

    private static async Task<HttpStatusCode> StatusAsync(Uri target, string route, string token)
    {
        using var client = new HttpClient { BaseAddress = target };
        client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", token);
        using var response = await client.GetAsync(route);
        return response.StatusCode;
    }
}
