using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Wallets;

/// <summary>
/// Delegation across processes (docs/wallets.md, "Wallet access"): a delegate with sign finds the owner's step in its inbox
/// and submits it through the gateway, signing with the owner's wallet; once the owner revokes the grant, every Wallet
/// replica refuses the delegate at its very next request (asked directly, each one, so none is skipped by balancing),
/// and the Blueprint service refuses its next step. Rerun on two replicas of every service.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Collection(PlatformScope.Name)]
public sealed class WalletDelegationAtGatewayTests(PlatformFixture platform)
{
    [Fact]
    public async Task A_sign_delegate_acts_through_the_gateway_until_revoked_then_every_replica_refuses_it_at_once()
    {
        var delegateId = "delegation-delegate-" + Guid.NewGuid().ToString("N")[..8];
        using var ownerHttp = await platform.ClientAsync("delegation-owner-" + Guid.NewGuid().ToString("N")[..8]);
        using var delegateHttp = await platform.ClientAsync(delegateId);
        var (owner, delegated) = (new SorchaClient(ownerHttp), new SorchaClient(delegateHttp));
        var wallet = await InstanceFlows.WalletAsync(ownerHttp);
        var blueprint = await BlueprintFlows.PublishedAsync(ownerHttp, "expense-approval");
        var register = await InstanceFlows.RegisterAsync(ownerHttp);
        var instance = await InstanceFlows.InstanceAsync(ownerHttp, blueprint, register,
            new Dictionary<string, string> { ["employee"] = wallet, ["manager"] = wallet, ["finance"] = wallet });

        Assert.Empty((await delegated.Instances.InboxAsync()).Items);
        await owner.Wallets.GrantAccessAsync(wallet, delegateId, WalletRightNames.Sign);

        // Through the gateway: the step is in the delegate's inbox, and it submits it with the owner's wallet.
        var step = Assert.Single((await delegated.Instances.InboxAsync()).Items, i => i.InstanceId == instance);
        Assert.Equal(("submit", wallet), (step.ActionId, step.Wallet));
        var receipt = await delegated.Instances.SubmitActionAsync(instance, "submit", wallet, JsonSerializer.SerializeToNode(InstanceFlows.Claim));
        Assert.Equal(wallet, (await owner.Registers.GetTransactionAsync(register, receipt.TxId)).Sender);

        // Straight at each Wallet replica: each signs for the delegate (and holds the wallet's record leased).
        var token = await platform.TokenAsync(delegateId);
        var replicas = platform.ReplicasOf("wallet");
        foreach (var replica in replicas)
        {
            using var signed = await SignAtAsync(replica, token, wallet);
            Assert.Equal(HttpStatusCode.OK, signed.StatusCode);
        }

        await owner.Wallets.RevokeAccessAsync(wallet, delegateId);

        // No wait, no retry: every replica's next answer is the stranger's 404.
        foreach (var replica in replicas)
        {
            using var refused = await SignAtAsync(replica, token, wallet);
            await ProblemAssert.IsProblemAsync(refused, HttpStatusCode.NotFound);
        }

        using (var read = await delegateHttp.GetAsync($"/api/wallets/{wallet}"))
        {
            await ProblemAssert.IsProblemAsync(read, HttpStatusCode.NotFound);
        }

        Assert.DoesNotContain((await delegated.Instances.InboxAsync()).Items, i => i.InstanceId == instance);
        var approve = await Assert.ThrowsAsync<SorchaApiException>(() => delegated.Instances.SubmitActionAsync(instance, "approve", wallet,
            JsonSerializer.SerializeToNode(new { decision = "approved", approvedAmount = 10 })));
        Assert.Equal(403, approve.Status);

        // The owner still acts with its wallet: the refused step is still open for it.
        Assert.Contains((await owner.Instances.InboxAsync()).Items, i => i.InstanceId == instance && i.ActionId == "approve");
    }

    private async Task<HttpResponseMessage> SignAtAsync(string replica, string token, string wallet)
    {
        using var http = new HttpClient { BaseAddress = platform.App[replica].Url };
        http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", token);
        return await http.PostAsJsonAsync($"/api/wallets/{wallet}/sign", new { data = "AQID" });
    }
}
