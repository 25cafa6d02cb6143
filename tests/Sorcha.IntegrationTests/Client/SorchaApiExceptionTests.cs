using Sorcha.Client;
using Sorcha.Cryptography;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Client;

/// <summary>The platform's problem documents arrive as SorchaApiException with the status and every problem field.</summary>
[Collection(PlatformScope.Name)]
public sealed class SorchaApiExceptionTests(PlatformFixture platform)
{
    [Fact]
    public async Task Another_callers_wallet_is_a_404_problem()
    {
        var bobs = await platform.Caller("owner").Wallets.CreateAsync("bob");
        var e = await Assert.ThrowsAsync<SorchaApiException>(() => platform.Caller("stranger").Wallets.GetAsync(bobs.Address));
        Assert.Equal((404, System.Net.HttpStatusCode.NotFound), (e.Status, e.StatusCode));
        Assert.False(string.IsNullOrEmpty(e.Title));
        Assert.Contains(bobs.Address, e.Detail);
        Assert.NotNull(e.Type);
        Assert.Equal(404, e.Problem!.Status);
        Assert.Contains("\"status\":404", e.ProblemJson);
        Assert.IsAssignableFrom<HttpRequestException>(e);
    }

    [Fact]
    public async Task Bad_input_is_a_400_listing_every_failing_field()
    {
        // No name, and RSA4096 keys cannot be recovered from a mnemonic: two fields, both listed.
        var e = await Assert.ThrowsAsync<SorchaApiException>(() =>
            platform.Caller("bad-input").Wallets.RecoverAsync("", SignatureAlgorithm.RSA4096, "abandon ability able"));
        Assert.Equal(400, e.Status);
        Assert.Contains("name", e.Errors.Keys);
        Assert.Contains("mnemonic", e.Errors.Keys);
        Assert.All(e.Errors.Values, messages => Assert.NotEmpty(messages));
    }

    [Fact]
    public async Task State_conflicts_are_409()
    {
        var alice = platform.Caller("conflict");
        // A draft never published cannot start an instance (editing a published blueprint is allowed: it makes the next draft).
        var draft = await alice.Blueprints.CreateAsync(ClientCallers.SampleBlueprint("expense-approval"));
        var register = await alice.Registers.CreateAsync("conflict");
        var wallet = await alice.Wallets.CreateAsync("recover me");
        var bindings = new Dictionary<string, string> { ["employee"] = wallet.Address, ["manager"] = wallet.Address, ["finance"] = wallet.Address };
        var e = await Assert.ThrowsAsync<SorchaApiException>(() => alice.Instances.CreateAsync(draft.Id!, register.Id, bindings));
        Assert.Equal(409, e.Status);
        Assert.NotNull(e.Detail);

        var again = await Assert.ThrowsAsync<SorchaApiException>(() =>
            alice.Wallets.RecoverAsync("twice", SignatureAlgorithm.ED25519, wallet.Mnemonic!));
        Assert.Equal(409, again.Status);
    }

    [Fact]
    public async Task Unpublishable_blueprints_are_422_with_pointers()
    {
        var alice = platform.Caller("unpublishable");
        var sample = ClientCallers.SampleBlueprint("expense-approval");
        var draft = await alice.Blueprints.CreateAsync(sample with { Participants = [sample.Participants[0]] });
        var e = await Assert.ThrowsAsync<SorchaApiException>(() => alice.Blueprints.PublishAsync(draft.Id!));
        Assert.Equal(422, e.Status);
        Assert.NotEmpty(e.Errors);
        Assert.All(e.Errors.Keys, pointer => Assert.True(pointer.Length == 0 || pointer.StartsWith('/'), pointer));
    }

    [Fact]
    public async Task A_wrong_secret_carries_the_oauth_error_code()
    {
        var auth = new AuthClient(platform.Gateway);
        var e = await Assert.ThrowsAsync<SorchaApiException>(() => auth.RequestTokenAsync("someone", "not the secret"));
        Assert.Equal(401, e.Status);
        Assert.Equal("invalid_client", e.Extensions["error"].GetString());
    }
}
