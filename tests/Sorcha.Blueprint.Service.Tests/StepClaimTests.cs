extern alias blueprint;

using Sorcha.Contracts.Instances;
using Sorcha.Testing.Blueprints;
using StackExchange.Redis;
using ClaimAttempt = blueprint::Sorcha.Blueprint.Service.Instances.ClaimAttempt;
using ClaimOutcome = blueprint::Sorcha.Blueprint.Service.Instances.ClaimOutcome;
using InstanceStore = blueprint::Sorcha.Blueprint.Service.Instances.InstanceStore;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>
/// The one script that tells where an instance stands and claims its step: every outcome a submission acts on, against
/// the services' Redis.
/// </summary>
[Collection(BlueprintScope.Name)]
public sealed class StepClaimTests(BlueprintServices services)
{
    [Fact]
    public async Task A_step_is_claimed_once_looked_at_without_taking_it_and_refused_once_the_instance_moved_on()
    {
        using var alice = await services.ClientAsync("bp-claim-alice");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(alice);
        await using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var store = new InstanceStore(redis);

        var (outcome, next, claim, pending) = await store.TryClaimNextAsync(instance, "submit", claim: true);
        Assert.Equal((ClaimOutcome.Claimed, "submit", 0), (outcome, next, claim!.Step));
        Assert.Null(pending);
        Assert.Equal(ClaimOutcome.Busy, (await store.TryClaimNextAsync(instance, "submit", claim: true)).Outcome);
        Assert.Equal(ClaimOutcome.Waiting, (await store.TryClaimNextAsync(instance, "submit", claim: false)).Outcome);
        Assert.Equal((ClaimOutcome.Moved, "submit"), Short(await store.TryClaimNextAsync(instance, "approve", claim: true)));

        await store.ReleaseAsync(claim);
        (outcome, _, claim, _) = await store.TryClaimNextAsync(instance, "submit", claim: true);
        Assert.Equal(ClaimOutcome.Claimed, outcome);
        var record = (await store.GetForActionAsync(instance))!.Record;
        var step = new InstanceStep("submit", wallet, new string('a', 64), 1, DateTimeOffset.UtcNow);
        Assert.True(await store.TryAdvanceAsync(claim!, step, record, wallet, "approve", wallet, endState: null));

        Assert.Equal((ClaimOutcome.Moved, "approve"), Short(await store.TryClaimNextAsync(instance, "submit", claim: true)));
        Assert.Equal(ClaimOutcome.Claimed, (await store.TryClaimNextAsync(instance, "approve", claim: true)).Outcome);
        Assert.Equal(ClaimOutcome.Missing, (await store.TryClaimNextAsync(Guid.NewGuid().ToString("N"), "submit", claim: true)).Outcome);
    }

    private static (ClaimOutcome, string?) Short(ClaimAttempt reply) => (reply.Outcome, reply.NextActionId);
}
