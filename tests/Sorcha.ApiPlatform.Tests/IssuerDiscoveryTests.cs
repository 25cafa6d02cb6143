using System.Net;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform;
using Sorcha.ApiPlatform.Auth;
using Sorcha.AppHost.Hosting;
using Sorcha.Testing.BadInput;
using Sorcha.Testing.InProcess;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>
/// The issuer named by Authority (OIDC discovery gives its name and keys), and the settings a Production process
/// refuses to start without. One in-process host set up as a service is (AddSorchaApiPlatform), in Production; no
/// platform needed.
/// </summary>
public sealed class IssuerDiscoveryTests : IAsyncLifetime
{
    private const string IssuerTokensSection = "Authentication:Schemes:Bearer";
    private TestIssuer _issuer = null!;
    private TestIssuer _stranger = null!;

    public async Task InitializeAsync()
    {
        _issuer = await TestIssuer.StartAsync();
        _stranger = await TestIssuer.StartAsync();
    }

    [Fact]
    public async Task A_token_from_the_authority_is_accepted_and_any_other_refused()
    {
        var port = PortLeases.Lease();
        var builder = ProductionBuilder(new()
        {
            ["Authority"] = _issuer.Name,
            ["ValidAudience"] = TestIssuer.Audience,
            ["RequireHttpsMetadata"] = "false", // the test issuer is plain HTTP on loopback
        });
        builder.WebHost.UseUrls($"http://127.0.0.1:{port}");
        builder.AddSorchaApiPlatform();
        await using var app = builder.Build();
        app.UseSorchaApiPlatform();
        app.MapGet("/caller", (System.Security.Claims.ClaimsPrincipal user) => user.CallerId());
        await app.StartAsync();

        using var client = new HttpClient { BaseAddress = new Uri($"http://127.0.0.1:{port}") };
        async Task<(HttpStatusCode, string)> CallAsync(string token)
        {
            using var request = new HttpRequestMessage(HttpMethod.Get, "/caller");
            request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", token);
            using var response = await client.SendAsync(request);
            return (response.StatusCode, await response.Content.ReadAsStringAsync());
        }

        Assert.Equal((HttpStatusCode.OK, "discovered-alice"), await CallAsync(_issuer.Token("discovered-alice")));
        Assert.Equal(HttpStatusCode.Unauthorized, (await CallAsync(_issuer.Token("alice", audience: "another-application"))).Item1);
        Assert.Equal(HttpStatusCode.Unauthorized, (await CallAsync(_stranger.Token("alice"))).Item1);
        Assert.Equal(HttpStatusCode.Unauthorized,
            (await CallAsync(BadTokens.Create(DevelopmentTokens.DeriveSigningKey("any-secret"), subject: "alice"))).Item1);
    }

    public static TheoryData<string[]> Incomplete() =>
    [
        ["ValidAudience"],
        ["Authority"],
        ["JwksUri", "ValidAudience"],
        ["Authority", "JwksUri", "ValidIssuer", "ValidAudience"],
    ];

    [Theory]
    [MemberData(nameof(Incomplete))]
    public async Task A_process_without_an_issuer_or_an_audience_does_not_start(string[] keys)
    {
        var builder = ProductionBuilder(keys.ToDictionary(k => k, k => (string?)(k == "ValidAudience" ? TestIssuer.Audience : _issuer.Name)));
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.AddSorchaApiPlatform();
        await using var app = builder.Build();
        var refused = await Assert.ThrowsAsync<OptionsValidationException>(() => app.StartAsync());
        Assert.Contains($"Outside Development, {IssuerTokensSection} configures the token issuer: ", refused.Message, StringComparison.Ordinal);
    }

    private static WebApplicationBuilder ProductionBuilder(Dictionary<string, string?> bearer)
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = Environments.Production });
        builder.Configuration.AddInMemoryCollection(bearer.ToDictionary(e => $"{IssuerTokensSection}:{e.Key}", e => e.Value));
        return builder;
    }

    public async Task DisposeAsync()
    {
        await _issuer.DisposeAsync();
        await _stranger.DisposeAsync();
    }
}
