using System.Net;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts.Instances;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.IntegrationTests.Registers;
using Sorcha.Verify;
using Sorcha.Testing.Platform.OpenApi;

namespace Sorcha.IntegrationTests.Work;

/// <summary>
/// expense-approval as its participants live it: each finds its step in its inbox (and nobody else's), the manager
/// sends the claim back with a reason (a Rejection transaction signed by the manager's wallet, its reason readable by
/// every participant, verified with the register), and finance's refusal ends the instance, rejected, in everyone's lists.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class InboxAndRejectionTests(PlatformFixture platform)
{
    [Fact]
    public async Task A_claim_sent_back_and_then_refused_moves_through_the_inboxes_and_ends_rejected()
    {
        using var employeeHttp = await platform.ClientAsync("work-employee-" + Guid.NewGuid().ToString("N")[..8]);
        using var managerHttp = await platform.ClientAsync("work-manager-" + Guid.NewGuid().ToString("N")[..8]);
        using var strangerHttp = await platform.ClientAsync("work-stranger-" + Guid.NewGuid().ToString("N")[..8]);
        var (employee, manager, stranger) = (new SorchaClient(employeeHttp), new SorchaClient(managerHttp), new SorchaClient(strangerHttp));
        var employeeWallet = await InstanceFlows.WalletAsync(employeeHttp);
        var managerWallet = await InstanceFlows.WalletAsync(managerHttp, "NISTP256");
        var blueprint = await BlueprintFlows.PublishedAsync(employeeHttp, "expense-approval");
        var register = await InstanceFlows.RegisterAsync(employeeHttp);
        var instance = await InstanceFlows.InstanceAsync(employeeHttp, blueprint, register,
            new Dictionary<string, string> { ["employee"] = employeeWallet, ["manager"] = managerWallet, ["finance"] = managerWallet });

        await AssertInboxAsync(employee, instance, "submit", employeeWallet);
        await AssertInboxAsync(manager, instance, null, null);
        await employee.Instances.SubmitActionAsync(instance, "submit", employeeWallet, JsonSerializer.SerializeToNode(InstanceFlows.Claim));
        await AssertInboxAsync(employee, instance, null, null);
        var approval = await AssertInboxAsync(manager, instance, "approve", managerWallet);
        Assert.Equal(("Expense approval", "Approve or reject the claim", "manager", register), (approval!.BlueprintTitle, approval.ActionTitle,
            approval.Participant, approval.RegisterId));

        // Sent back to the employee with a reason: a Rejection transaction, signed by the manager's wallet.
        const string reason = "Please attach the hotel receipt.";
        var sentBack = await manager.Instances.RejectActionAsync(instance, "approve", managerWallet, reason);
        Assert.Equal("submit", sentBack.NextActionId);
        await AssertInboxAsync(manager, instance, null, null);
        await AssertInboxAsync(employee, instance, "submit", employeeWallet);
        var rejection = await employee.Registers.GetTransactionAsync(register, sentBack.TxId);
        Assert.Equal(("Rejection", managerWallet, "approve"), (rejection.Metadata!.Type, rejection.Sender, rejection.Metadata.ActionId));
        var payload = rejection.Payload.Deserialize<ActionPayload>(Json.Options)!;
        var mine = payload.Envelopes.First(e => e.Recipient == employeeWallet);
        var opened = await employee.Wallets.DecryptAsync(employeeWallet, mine);
        Assert.Equal(reason, JsonDocument.Parse(opened).RootElement.GetProperty("reason").GetString());

        // Round two: approved over 1000, so finance (the manager's wallet here) reviews, and refuses for good.
        await employee.Instances.SubmitActionAsync(instance, "submit", employeeWallet, JsonSerializer.SerializeToNode(InstanceFlows.Claim));
        await manager.Instances.SubmitActionAsync(instance, "approve", managerWallet,
            JsonSerializer.SerializeToNode(new { decision = "approved", approvedAmount = 1500 }));
        await AssertInboxAsync(manager, instance, "finance-review", managerWallet);
        var refused = await manager.Instances.RejectActionAsync(instance, "finance-review", managerWallet, "Over the travel budget.");
        Assert.Null(refused.NextActionId);
        await AssertInboxAsync(manager, instance, null, null);

        var state = await employee.Instances.GetAsync(instance);
        Assert.Equal(("rejected", null, 5), (state.State, state.NextActionId, state.Steps.Count));
        Assert.Equal([false, true, false, false, true], state.Steps.Select(s => s.Rejected));
        foreach (var participant in new[] { employee, manager })
        {
            Assert.Contains(instance, (await participant.Instances.ListAsync(state: "rejected", pageSize: 100)).Items.Select(i => i.InstanceId));
            Assert.DoesNotContain(instance, (await participant.Instances.ListAsync(state: "open", pageSize: 100)).Items.Select(i => i.InstanceId));
            Assert.Contains(instance, (await participant.Instances.ListAsync(blueprintId: blueprint, pageSize: 100)).Items.Select(i => i.InstanceId));
        }

        Assert.Empty((await stranger.Instances.ListAsync()).Items);
        Assert.Empty((await stranger.Instances.InboxAsync()).Items);
        Assert.True((await employee.Registers.VerifyAsync(register)).Valid);
        await RegisterFlows.WaitUntilSealedAsync(employeeHttp, register, 5);
        var key = Convert.ToBase64String((await employee.Registers.GetAsync(register)).PublicKey);
        var (code, report) = await TamperDetectionTests.VerifyExportOfflineAsync(employeeHttp, register, key);
        Assert.True(code == VerifyCommand.Valid, report); // the Rejection transactions verify offline too
    }

    [Fact]
    public async Task A_rejection_is_refused_when_it_is_not_the_participants_to_make()
    {
        using var aliceHttp = await platform.ClientAsync("work-refusals-alice");
        using var malloryHttp = await platform.ClientAsync("work-refusals-mallory");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(aliceHttp);
        var malloryWallet = await InstanceFlows.WalletAsync(malloryHttp);
        var url = $"/api/instances/{instance}/actions/approve/reject";

        await ProblemAssert.RefusedAsync(aliceHttp, HttpMethod.Post, $"/api/instances/{instance}/actions/submit/reject",
            new { sender = wallet, reason = "no" }, HttpStatusCode.Conflict); // submit has no rejection
        await ProblemAssert.RefusedAsync(aliceHttp, HttpMethod.Post, url, new { sender = wallet, reason = "no" }, HttpStatusCode.Conflict); // not next
        await new SorchaClient(aliceHttp).Instances.SubmitActionAsync(instance, "submit", wallet, JsonSerializer.SerializeToNode(InstanceFlows.Claim));
        using (OpenApiValidatingHandler.BadInputScope())
        {
            var bad = await ProblemAssert.RefusedAsync(aliceHttp, HttpMethod.Post, url, new { sender = wallet }, HttpStatusCode.BadRequest);
            Assert.Contains("reason", ProblemAssert.ErrorKeys(bad));
            bad = await ProblemAssert.RefusedAsync(aliceHttp, HttpMethod.Post, url, new { sender = wallet, reason = new string('x', 1_001) },
                HttpStatusCode.BadRequest);
            Assert.Contains("reason", ProblemAssert.ErrorKeys(bad));
        }

        await ProblemAssert.RefusedAsync(malloryHttp, HttpMethod.Post, url, new { sender = malloryWallet, reason = "mine now" },
            HttpStatusCode.Forbidden); // not the wallet bound to the manager
        await ProblemAssert.RefusedAsync(malloryHttp, HttpMethod.Post, url, new { sender = wallet, reason = "as alice" },
            HttpStatusCode.Forbidden); // the bound wallet, but not mallory's
        await ProblemAssert.RefusedAsync(aliceHttp, HttpMethod.Post, "/api/instances/" + new string('0', 32) + "/actions/approve/reject",
            new { sender = wallet, reason = "no" }, HttpStatusCode.NotFound);

        // Nothing of the above changed the instance: it still waits for the approval, in alice's inbox.
        var still = await new SorchaClient(aliceHttp).Instances.GetAsync(instance);
        Assert.Equal(("approve", 1), (still.NextActionId, still.Steps.Count));
        var done = await new SorchaClient(aliceHttp).Instances.RejectActionAsync(instance, "approve", wallet, new string('é', 1_000));
        Assert.Equal("submit", done.NextActionId);
    }

    /// <summary>The caller's inbox holds <paramref name="instance"/> at <paramref name="action"/> for <paramref name="wallet"/> (null: not at all).</summary>
    private static async Task<InboxItem?> AssertInboxAsync(SorchaClient client, string instance, string? action, string? wallet)
    {
        var inbox = await client.Instances.InboxAsync(pageSize: 100);
        var item = inbox.Items.SingleOrDefault(i => i.InstanceId == instance);
        Assert.Equal((action, wallet), (item?.ActionId, item?.Wallet));
        Assert.Equal(inbox.TotalCount, inbox.Items.Count);
        return item;
    }
}
