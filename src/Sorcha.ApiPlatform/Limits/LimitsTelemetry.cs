using System.Diagnostics.Metrics;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.ApiPlatform.Limits;

/// <summary>Refusals by a limit, in metrics (docs/observability.md): who is being turned away, and by which limit.</summary>
public static class LimitsTelemetry
{
    public static readonly Meter Meter = new(TelemetrySetup.SourcePrefix + "Limits");

    /// <summary>Tag: <c>quota</c>, <c>work_budget</c> or <c>rate_limit</c>.</summary>
    public const string KindTag = "sorcha.limit.kind";

    /// <summary>Tag: the quota's name (its problem's <c>quota</c> member), the budget's (<c>budget</c>), or <c>requests</c>.</summary>
    public const string NameTag = "sorcha.limit.name";

    public static readonly Counter<long> Refusals = Meter.CreateCounter<long>("sorcha.limits.refusals", "{request}",
        "Requests refused by a limit: a per-caller quota (409), a work budget (422) or the per-caller rate limit (429).");

    public static void Quota(string name) => Refused("quota", name);

    public static void WorkBudget(string name) => Refused("work_budget", name);

    public static void RateLimit() => Refused("rate_limit", "requests");

    private static void Refused(string kind, string name) =>
        Refusals.Add(1, new KeyValuePair<string, object?>(KindTag, kind), new KeyValuePair<string, object?>(NameTag, name));
}
