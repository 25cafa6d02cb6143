using System.Net;
using Sorcha.Client;
using Sorcha.Contracts;
using Sorcha.Contracts.Registers;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Testing.Platform.OpenApi;

namespace Sorcha.IntegrationTests.Registers;

[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class RegisterApiTests(PlatformFixture platform)
{
    [Fact]
    public async Task Create_returns_an_empty_register_with_its_own_signing_key_readable_by_any_caller()
    {
        using var alice = await platform.ClientAsync("register-alice");
        using var bob = await platform.ClientAsync("register-bob");
        var created = await RegisterFlows.RegisterAsync(alice, "alice's ledger");

        var id = created.Id;
        Assert.Matches("^[0-9a-f]{32}$", id);
        Assert.Equal("alice's ledger", created.Name);
        Assert.Equal(0, created.Height);
        Assert.Equal(new string('0', 64), created.HeadChainHash);
        Assert.Equal(32, created.PublicKey.Length);

        // Registers are public ledgers: another authenticated caller reads the same register (the key compared by value).
        var read = await RegisterFlows.GetRegisterAsync(bob, id);
        Assert.Equal(created.PublicKey, read.PublicKey);
        Assert.Equal(created, read with { PublicKey = created.PublicKey });

        var page = await Json.GetAsync<Paged<RegisterDto>>(bob, "/api/registers?page=1&pageSize=100");
        Assert.True(page.TotalCount >= 1);
        Assert.Equal(100, page.PageSize);
    }

    [Theory]
    [InlineData("{}")]
    [InlineData("{\"name\":\"   \"}")]
    [InlineData("{not json")]
    public async Task Create_without_a_valid_name_is_400(string body)
    {
        using var invalidOnPurpose = OpenApiValidatingHandler.BadInputScope();
        using var alice = await platform.ClientAsync("register-bad-create");
        using var response = await alice.PostAsync("/api/registers", RegisterFlows.Body(body));
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.BadRequest);
    }

    [Fact]
    public async Task Unknown_register_reads_are_404_and_anonymous_calls_401()
    {
        using var invalidOnPurpose = OpenApiValidatingHandler.BadInputScope();
        using var alice = await platform.ClientAsync("register-reader");
        var unknown = Guid.NewGuid().ToString("N");
        foreach (var path in new[] { "", "/transactions", "/dockets", "/dockets/0", "/verify", "/export", $"/transactions/{new string('a', 64)}" })
        {
            using var response = await alice.GetAsync($"/api/registers/{unknown}{path}");
            await ProblemAssert.IsProblemAsync(response, HttpStatusCode.NotFound);
        }

        using var anonymous = await platform.Gateway.GetAsync("/api/registers");
        Assert.Equal(HttpStatusCode.Unauthorized, anonymous.StatusCode);
        using var anonymousPost = await platform.Gateway.PostAsync("/api/transactions", RegisterFlows.Body("{}"));
        Assert.Equal(HttpStatusCode.Unauthorized, anonymousPost.StatusCode);
    }

    [Theory]
    [InlineData("?page=0")]
    [InlineData("?pageSize=101")]
    public async Task Bad_paging_is_400(string query)
    {
        using var alice = await platform.ClientAsync("register-paging");
        var id = (await RegisterFlows.RegisterAsync(alice)).Id;
        using var response = await alice.GetAsync($"/api/registers/{id}/transactions{query}");
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.BadRequest);
    }
}
