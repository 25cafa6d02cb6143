extern alias blueprint;

using Sorcha.Contracts.Instances;
using Sorcha.Testing.Blueprints;
using StackExchange.Redis;
using ClaimAttempt = blueprint::Sorcha.Blueprint.Service.Instances.ClaimAttempt;
using ClaimOutcome = blueprint::Sorcha.Blueprint.Service.Instances.ClaimOutcome;
using InstanceStore = blueprint::Sorcha.Blueprint.Service.Instances.InstanceStore;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>
/// The one script that tells where an instance stands and claims its step: each outcome a submission acts on, against
/// the services' Redis, each on its own instance so that the first outcome that breaks does not hide the rest.
/// </summary>
[Collection(BlueprintScope.Name)]
public sealed class StepClaimTests(BlueprintServices services)
{
    public static TheoryData<string> Outcomes() => [.. Cases.Keys];

    [Theory]
    [MemberData(nameof(Outcomes))]
    public async Task The_claim_script_answers_where_the_step_stands(string outcome)
    {
        using var alice = await services.ClientAsync($"bp-claim-{string.Concat(outcome.TakeWhile(char.IsLetter))}");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(alice);
        await using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);

        await Cases[outcome](new Solo(new InstanceStore(redis), instance, wallet));
    }

    /// <summary>An instance waiting for "submit" from <see cref="Wallet"/>, its only participant's.</summary>
    private sealed record Solo(InstanceStore Store, string Instance, string Wallet)
    {
        public Task<ClaimAttempt> ClaimAsync(string action, bool claim = true) => Store.TryClaimNextAsync(Instance, action, claim);
    }

    private static readonly Dictionary<string, Func<Solo, Task>> Cases = new()
    {
        ["claimed: the step it waits for is taken as step 0, with nothing pending"] = async s =>
        {
            var attempt = await s.ClaimAsync("submit");
            Assert.Equal((ClaimOutcome.Claimed, "submit", 0), (attempt.Outcome, attempt.NextActionId, attempt.Claim!.Step));
            Assert.Null(attempt.Pending);
        },
        ["busy: a step already claimed is not taken twice"] = async s =>
        {
            await s.ClaimAsync("submit");
            Assert.Equal((ClaimOutcome.Busy, "submit"), Short(await s.ClaimAsync("submit")));
        },
        ["waiting: a look without claiming takes nothing, even while the step is claimed"] = async s =>
        {
            Assert.Equal((ClaimOutcome.Waiting, "submit"), Short(await s.ClaimAsync("submit", claim: false)));
            var claimed = await s.ClaimAsync("submit");
            Assert.Equal(ClaimOutcome.Claimed, claimed.Outcome);
            Assert.Equal(ClaimOutcome.Waiting, (await s.ClaimAsync("submit", claim: false)).Outcome);
        },
        ["moved: another action than the one it waits for is refused, naming the one it waits for"] = async s =>
            Assert.Equal((ClaimOutcome.Moved, "submit"), Short(await s.ClaimAsync("approve"))),
        ["released: a released claim lets the step be claimed again"] = async s =>
        {
            await s.Store.ReleaseAsync((await s.ClaimAsync("submit")).Claim!);
            Assert.Equal(ClaimOutcome.Claimed, (await s.ClaimAsync("submit")).Outcome);
        },
        ["advanced: once the step advances, its action has moved on and the next action is claimed"] = async s =>
        {
            var claim = (await s.ClaimAsync("submit")).Claim!;
            var record = (await s.Store.GetForActionAsync(s.Instance))!.Record;
            var step = new InstanceStep("submit", s.Wallet, new string('a', 64), 1, DateTimeOffset.UtcNow);
            Assert.True(await s.Store.TryAdvanceAsync(claim, step, record, s.Wallet, "approve", s.Wallet, endState: null));

            Assert.Equal((ClaimOutcome.Moved, "approve"), Short(await s.ClaimAsync("submit")));
            Assert.Equal((ClaimOutcome.Claimed, "approve"), Short(await s.ClaimAsync("approve")));
        },
        ["missing: an instance that does not exist is missing"] = async s =>
            Assert.Equal(ClaimOutcome.Missing, (await s.Store.TryClaimNextAsync(Guid.NewGuid().ToString("N"), "submit", claim: true)).Outcome),
    };

    private static (ClaimOutcome, string?) Short(ClaimAttempt reply) => (reply.Outcome, reply.NextActionId);
}
