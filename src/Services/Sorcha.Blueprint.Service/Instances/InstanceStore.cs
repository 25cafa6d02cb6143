using System.Globalization;
using System.Text.Json;
using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Instances;

public enum ClaimOutcome
{
    Claimed,

    /// <summary>Another submission holds the step right now.</summary>
    Busy,

    /// <summary>The instance is no longer at that action (it moved on or finished).</summary>
    Moved,
}

/// <summary>
/// Reads and writes instances in Redis; the key layout is <see cref="InstanceKeys"/>.
/// A submission claims the step before calling other services, so two submissions of one step cannot both commit:
/// the second finds the claim taken (Busy) or, once it is released, the instance moved on (Moved). Advancing is one
/// MULTI/EXEC guarded by the claim token and the expected action and step, and deletes the claim in the same step.
/// </summary>
public sealed class InstanceStore(IConnectionMultiplexer redis)
{
    /// <summary>
    /// How long a claim lives if its holder dies. Longer than the submission deadline (ActionSubmission.Deadline), so
    /// a live holder never loses it; a crashed one blocks the step for at most this long.
    /// </summary>
    public static readonly TimeSpan ClaimLifetime = TimeSpan.FromSeconds(60);

    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web);

    private IDatabase Db => redis.GetDatabase();

    public async Task CreateAsync(InstanceRecord record, string firstActionId)
    {
        await Db.HashSetAsync(InstanceKeys.Instance(record.Id),
        [
            new("record", JsonSerializer.Serialize(record, Json)),
            new("next", firstActionId),
            new("step", 0),
            new("updatedAt", record.CreatedAt.ToString("O", CultureInfo.InvariantCulture)),
        ]);
    }

    public async Task<InstanceState?> GetAsync(string id)
    {
        var fields = await Db.HashGetAsync(InstanceKeys.Instance(id), ["record", "next", "step", "updatedAt"]);
        if (fields[0].IsNull)
        {
            return null;
        }

        var steps = await Db.ListRangeAsync(InstanceKeys.Steps(id));
        var next = (string?)fields[1];
        return new InstanceState(
            JsonSerializer.Deserialize<InstanceRecord>((string)fields[0]!, Json)!,
            string.IsNullOrEmpty(next) ? null : next,
            (int)fields[2],
            DateTimeOffset.Parse((string)fields[3]!, CultureInfo.InvariantCulture),
            [.. steps.Select(s => JsonSerializer.Deserialize<InstanceStep>((string)s!, Json)!)]);
    }

    /// <summary>Takes the step claim, then checks under it that the instance still waits for <paramref name="actionId"/>.</summary>
    public async Task<(ClaimOutcome Outcome, StepClaim? Claim)> TryClaimAsync(string id, string actionId)
    {
        var token = Guid.NewGuid().ToString("N");
        if (!await Db.StringSetAsync(InstanceKeys.Claim(id), token, ClaimLifetime, When.NotExists))
        {
            return (ClaimOutcome.Busy, null);
        }

        // Only a claim holder advances an instance, so what we read now stays true until we release or advance.
        var state = await Db.HashGetAsync(InstanceKeys.Instance(id), ["next", "step"]);
        if ((string?)state[0] != actionId)
        {
            await ReleaseAsync(new StepClaim(id, actionId, 0, token));
            return (ClaimOutcome.Moved, null);
        }

        return (ClaimOutcome.Claimed, new StepClaim(id, actionId, (int)state[1], token));
    }

    /// <summary>Records the committed step, moves to <paramref name="nextActionId"/> (null = complete) and drops the claim.</summary>
    public async Task<bool> TryAdvanceAsync(StepClaim claim, InstanceStep step, string? nextActionId)
    {
        var key = InstanceKeys.Instance(claim.InstanceId);
        var transaction = Db.CreateTransaction();
        transaction.AddCondition(Condition.StringEqual(InstanceKeys.Claim(claim.InstanceId), claim.Token));
        transaction.AddCondition(Condition.HashEqual(key, "next", claim.ActionId));
        transaction.AddCondition(Condition.HashEqual(key, "step", claim.Step));
        _ = transaction.ListRightPushAsync(InstanceKeys.Steps(claim.InstanceId), JsonSerializer.Serialize(step, Json));
        _ = transaction.HashSetAsync(key,
        [
            new("next", nextActionId ?? ""),
            new("step", claim.Step + 1),
            new("updatedAt", step.CommittedAt.ToString("O", CultureInfo.InvariantCulture)),
        ]);
        _ = transaction.KeyDeleteAsync(InstanceKeys.Claim(claim.InstanceId));
        _ = transaction.KeyDeleteAsync(InstanceKeys.Pending(claim.InstanceId));
        return await transaction.ExecuteAsync();
    }

    /// <summary>The claimed step's transaction left by an earlier attempt whose commit outcome is unknown, if any.</summary>
    public async Task<PendingStep?> GetPendingAsync(StepClaim claim)
    {
        var json = await Db.StringGetAsync(InstanceKeys.Pending(claim.InstanceId));
        var pending = json.IsNull ? null : JsonSerializer.Deserialize<PendingStep>((string)json!, Json);

        // Advancing deletes it, so a pending step always belongs to the current step; checked rather than assumed.
        return pending is not null && pending.ActionId == claim.ActionId && pending.Step == claim.Step ? pending : null;
    }

    /// <summary>Keeps the signed transaction before it is committed; false if the claim is no longer ours.</summary>
    public Task<bool> SavePendingAsync(StepClaim claim, PendingStep pending)
    {
        var transaction = Db.CreateTransaction();
        transaction.AddCondition(Condition.StringEqual(InstanceKeys.Claim(claim.InstanceId), claim.Token));
        _ = transaction.StringSetAsync(InstanceKeys.Pending(claim.InstanceId), JsonSerializer.Serialize(pending, Json));
        return transaction.ExecuteAsync();
    }

    /// <summary>
    /// Gives the step back, only if the claim is still ours. The pending transaction stays unless
    /// <paramref name="discardPending"/>: it is dropped only when it was certainly not committed (refused, or never sent).
    /// </summary>
    public async Task ReleaseAsync(StepClaim claim, bool discardPending = false)
    {
        var transaction = Db.CreateTransaction();
        transaction.AddCondition(Condition.StringEqual(InstanceKeys.Claim(claim.InstanceId), claim.Token));
        _ = transaction.KeyDeleteAsync(InstanceKeys.Claim(claim.InstanceId));
        if (discardPending)
        {
            _ = transaction.KeyDeleteAsync(InstanceKeys.Pending(claim.InstanceId));
        }

        await transaction.ExecuteAsync();
    }
}
