using StackExchange.Redis;

namespace Sorcha.Blueprint.Service.Instances;

// The instance scripts' ARGV, each in the order its script names them (InstanceScripts): a field is added in both places
// or neither. Structs, so naming the arguments costs no allocation beyond the array Redis is sent.

/// <summary><see cref="InstanceScripts.ClaimNext"/>'s arguments; <paramref name="Claim"/> false only looks.</summary>
internal readonly record struct ClaimNextArgs(string Token, long LifetimeMs, string ActionId, bool Claim)
{
    public RedisValue[] Values => [Token, LifetimeMs, ActionId, Claim ? 1 : 0];
}

/// <summary><see cref="InstanceScripts.Advance"/>'s arguments; "" for <paramref name="Next"/> ends it, for <paramref name="EndState"/> goes on.</summary>
internal readonly record struct AdvanceArgs(string Token, string ActionId, int Step, string StepJson, string Next, int NextStep,
    string UpdatedAt, string InstanceId, long NowMs, string EndState)
{
    public RedisValue[] Values => [Token, ActionId, Step, StepJson, Next, NextStep, UpdatedAt, InstanceId, NowMs, EndState];
}

/// <summary><see cref="InstanceScripts.Create"/>'s arguments; a quota of 0 is none.</summary>
internal readonly record struct CreateArgs(string Id, long OpenQuota, long TotalQuota, string RecordJson, string FirstActionId,
    string CreatedAt, long CreatedMs)
{
    public RedisValue[] Values => [Id, OpenQuota, TotalQuota, RecordJson, FirstActionId, CreatedAt, CreatedMs];
}
