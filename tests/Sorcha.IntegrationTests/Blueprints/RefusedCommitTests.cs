using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.IntegrationTests.Registers;

namespace Sorcha.IntegrationTests.Blueprints;

/// <summary>
/// A step whose transaction the Transaction service refuses for good does not block its instance (it once stayed pending for good): the
/// refused transaction is dropped instead of kept pending, so a retry signs afresh rather than sending it again.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Collection(PlatformScope.Name)]
public sealed class RefusedCommitTests(PlatformFixture platform)
{
    [Fact]
    public async Task A_transaction_too_large_to_commit_is_413_and_a_retry_with_smaller_data_moves_the_instance_on()
    {
        using var alice = await platform.ClientAsync("refused-too-large");
        var wallet = await InstanceFlows.WalletAsync(alice);
        var sample = BlueprintFlows.Sample("expense-approval");
        sample["actions"]![0]!["dataSchema"]!["properties"]!["description"]!["maxLength"] = 500_000;
        var blueprint = (await BlueprintFlows.CreateAsync(alice, sample)).Id!;
        await Json.PostAsync<BlueprintDto>(alice, $"/api/blueprints/{blueprint}/publish", null, HttpStatusCode.OK);
        var register = await InstanceFlows.RegisterAsync(alice);
        var instance = await InstanceFlows.InstanceAsync(alice, blueprint, register,
            new Dictionary<string, string> { ["employee"] = wallet, ["manager"] = wallet, ["finance"] = wallet });
        var url = $"/api/instances/{instance}/actions/submit";

        // 420 KB of data is within the action route's 512 KiB, but the employee's and the manager's envelopes each carry
        // it, base64: about 1.1 MB of transaction, over the Transaction service's 1 MiB.
        var large = JsonSerializer.SerializeToNode(InstanceFlows.Claim)!.AsObject();
        large["description"] = new string('x', 420_000);
        using (var refused = await alice.PostAsJsonAsync(url, new { sender = wallet, data = large }))
        {
            var problem = await ProblemAssert.ReadAsync(refused, HttpStatusCode.RequestEntityTooLarge);
            Assert.Contains("transaction", problem.Detail, StringComparison.OrdinalIgnoreCase);
        }

        // Before the fix the refused transaction stayed pending and every retry sent it again: 413 for ever.
        var retried = await Json.PostAsync<SubmitActionResponse>(alice, url, new { sender = wallet, data = InstanceFlows.Claim }, HttpStatusCode.Created);
        var state = await Json.GetAsync<InstanceDto>(alice, $"/api/instances/{instance}");
        Assert.Equal([retried.TxId], state.TxIds);
        Assert.Equal("approve", state.NextActionId);
        Assert.Equal(1, await RegisterFlows.HeightAsync(alice, register));
    }
}
