using System.Net;
using System.Net.Http.Json;
using Sorcha.Client;
using Sorcha.Contracts.Instances;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Testing.Blueprints;

namespace Sorcha.IntegrationTests.Blueprints;

/// <summary>
/// One step is taken once, through the gateway: here rather than in process because CI's replica rerun
/// (SORCHA_TEST_REPLICAS=2) then sends the racing submissions to two Blueprint replicas, whose only common ground is
/// the claim script in Redis.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Collection(PlatformScope.Name)]
public sealed class StepRaceTests(PlatformFixture platform)
{
    [Fact]
    public async Task Two_concurrent_submissions_of_one_step_give_exactly_one_201_and_one_409()
    {
        using var alice = await platform.ClientAsync("inst-race");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(alice);

        var statuses = await Task.WhenAll(Enumerable.Range(0, 2).Select(async _ =>
        {
            using var response = await alice.PostAsJsonAsync($"/api/instances/{instance}/actions/submit",
                new { sender = wallet, data = InstanceFlows.Claim });
            return response.StatusCode;
        }));

        Assert.Equal([HttpStatusCode.Created, HttpStatusCode.Conflict], statuses.Order());
        var state = await Json.GetAsync<InstanceDto>(alice, $"/api/instances/{instance}");
        Assert.Single(state.TxIds);
        Assert.Equal("approve", state.NextActionId);

        // A wider race on the next step: still exactly one winner.
        var approvals = await Task.WhenAll(Enumerable.Range(0, 4).Select(async _ =>
        {
            using var response = await alice.PostAsJsonAsync($"/api/instances/{instance}/actions/approve",
                new { sender = wallet, data = new { decision = "rejected", comment = "duplicate" } });
            return response.StatusCode;
        }));
        Assert.Equal(1, approvals.Count(s => s == HttpStatusCode.Created));
        Assert.Equal(3, approvals.Count(s => s == HttpStatusCode.Conflict));
        state = await Json.GetAsync<InstanceDto>(alice, $"/api/instances/{instance}");
        Assert.Equal(2, state.TxIds.Count);
        Assert.Equal("completed", state.Status);
    }
}
