using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.FaultTests.Limits;

/// <summary>
/// The per-caller quotas (docs/api.md, "Quotas") through the gateway: one token is driven past every per-caller quota (Limits:Quotas, set low by
/// <see cref="LimitsPlatformFixture"/>), each refusal a 409 naming its quota and limit, while another caller keeps
/// creating; a deleted wallet frees its slot.
/// </summary>
[Collection(LimitsScope.Name)]
public sealed class PerCallerQuotaTests(LimitsPlatformFixture platform)
{
    [Fact]
    public async Task One_token_is_refused_at_every_quota_while_another_caller_keeps_creating()
    {
        // Both wait out a 429 (this platform allows bursts of 20 at 1/s): the quotas are under test here, not the rate.
        using var greedy = await platform.ClientAsync("quota-greedy", new RetryAfterHandler());
        using var other = await platform.ClientAsync("quota-other", new RetryAfterHandler());

        var wallets = new[] { await InstanceFlows.WalletAsync(greedy), await InstanceFlows.WalletAsync(greedy) };
        await RefusedAsync(greedy, "/api/wallets", new { name = "one more", algorithm = "ED25519" }, "wallets",
            LimitsPlatformFixture.WalletQuota);

        var register = await InstanceFlows.RegisterAsync(greedy);
        await InstanceFlows.RegisterAsync(greedy);
        await RefusedAsync(greedy, "/api/registers", new { name = "one more" }, "registers", LimitsPlatformFixture.RegisterQuota);

        // One expense sample fits the byte quota and a second does not; a small draft still fits the count, a third does not.
        var blueprint = await BlueprintFlows.PublishedAsync(greedy, "expense-approval");
        await RefusedAsync(greedy, "/api/blueprints", BlueprintFlows.Sample("expense-approval"), "blueprintBytes",
            LimitsPlatformFixture.BlueprintBytesQuota);
        await BlueprintFlows.CreateAsync(greedy, Small());
        await RefusedAsync(greedy, "/api/blueprints", Small(), "blueprints", LimitsPlatformFixture.BlueprintQuota);

        var participants = new Dictionary<string, string> { ["employee"] = wallets[0], ["manager"] = wallets[1], ["finance"] = wallets[0] };
        for (var i = 0; i < LimitsPlatformFixture.OpenInstanceQuota; i++)
        {
            await InstanceFlows.InstanceAsync(greedy, blueprint, register, participants);
        }

        await RefusedAsync(greedy, $"/api/blueprints/{blueprint}/instances", new { registerId = register, participants }, "openInstances",
            LimitsPlatformFixture.OpenInstanceQuota);

        // Meanwhile another caller creates one of everything, and an instance of the same blueprint on its own register.
        var otherWallet = await InstanceFlows.WalletAsync(other);
        await BlueprintFlows.CreateAsync(other, BlueprintFlows.Sample("expense-approval"));
        await InstanceFlows.InstanceAsync(other, blueprint, await InstanceFlows.RegisterAsync(other),
            new Dictionary<string, string> { ["employee"] = otherWallet, ["manager"] = otherWallet, ["finance"] = otherWallet });

        // Nothing refused was stored, and a deleted wallet frees its slot.
        var listed = await Json.GetAsync<Sorcha.Contracts.Paged<Sorcha.Contracts.Wallets.WalletDto>>(greedy, "/api/wallets?pageSize=100");
        Assert.Equal(wallets.Order(StringComparer.Ordinal), listed.Items.Select(w => w.Address).Order(StringComparer.Ordinal));
        Assert.Equal(LimitsPlatformFixture.WalletQuota, listed.TotalCount);
        await Json.SendAsync<JsonElement>(greedy, HttpMethod.Delete, $"/api/wallets/{wallets[1]}", null, HttpStatusCode.NoContent);
        await InstanceFlows.WalletAsync(greedy);
    }

    private static async Task RefusedAsync(HttpClient caller, string url, object body, string quota, long limit) =>
        await QuotaAssert.RefusedAsync(await caller.PostAsJsonAsync(url, body), quota, limit);

    /// <summary>A draft of a few hundred bytes: one participant, one action.</summary>
    private static JsonObject Small() => new()
    {
        ["title"] = "small",
        ["participants"] = new JsonArray(new JsonObject { ["id"] = "p", ["name"] = "P" }),
        ["actions"] = new JsonArray(new JsonObject { ["id"] = "a", ["title"] = "A", ["sender"] = "p" }),
    };
}
