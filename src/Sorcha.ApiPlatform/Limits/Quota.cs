using System.Globalization;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Problems;

namespace Sorcha.ApiPlatform.Limits;

/// <summary>
/// One per-caller quota of <see cref="QuotaOptions"/> as a store enforces it and a refusal names it: <see cref="Name"/>
/// is the problem's <c>quota</c> member, <see cref="Limit"/> its <c>limit</c> (0: no quota), <see cref="Setting"/> the
/// configuration key an operator changes. The counting itself is the store's: one Redis script per family that
/// checks and reserves in one step (docs/limits.md, "Quotas").
/// </summary>
public sealed record Quota(string Name, string Setting, long Limit)
{
    public static Quota Wallets(LimitsOptions limits) => new("wallets", "Limits:Quotas:Wallets", limits.Quotas.Wallets);

    public static Quota DerivedAddresses(LimitsOptions limits) =>
        new("derivedAddresses", "Limits:Quotas:DerivedAddresses", limits.Quotas.DerivedAddresses);

    public static Quota Registers(LimitsOptions limits) => new("registers", "Limits:Quotas:Registers", limits.Quotas.Registers);

    public static Quota Blueprints(LimitsOptions limits) => new("blueprints", "Limits:Quotas:Blueprints", limits.Quotas.Blueprints);

    public static Quota BlueprintBytes(LimitsOptions limits) =>
        new("blueprintBytes", "Limits:Quotas:BlueprintBytes", limits.Quotas.BlueprintBytes);

    public static Quota BlueprintVersions(LimitsOptions limits) =>
        new("blueprintVersions", "Limits:Quotas:BlueprintVersions", limits.Quotas.BlueprintVersions);

    public static Quota Templates(LimitsOptions limits) => new("templates", "Limits:Quotas:Templates", limits.Quotas.Templates);

    public static Quota OpenInstances(LimitsOptions limits) =>
        new("openInstances", "Limits:Quotas:OpenInstances", limits.Quotas.OpenInstances);

    public static Quota Instances(LimitsOptions limits) => new("instances", "Limits:Quotas:Instances", limits.Quotas.Instances);

    public static Quota WalletGrants(LimitsOptions limits) =>
        new("walletGrants", "Limits:Quotas:WalletGrants", limits.Quotas.WalletGrants);

    /// <summary>Sealed attachment bytes a caller has committed (docs/api.md, "Attachments").</summary>
    public static Quota AttachmentBytes(LimitsOptions limits) =>
        new("attachmentBytes", "Limits:Attachments:QuotaBytes", limits.Attachments.QuotaBytes);

    public bool IsOn => Limit > 0;

    /// <summary>True when <paramref name="used"/> leaves no room for one more (never when the quota is off).</summary>
    public bool IsFull(long used) => IsOn && used >= Limit;

    /// <summary>The 409 problem: <paramref name="what"/> says what the caller holds, then the limit and its setting.</summary>
    public ProblemHttpResult Refusal(string what, string remedy) => ApiProblems.QuotaExceeded(Name, Limit, string.Create(
        CultureInfo.InvariantCulture, $"{what}: the limit is {Limit:N0} ({Setting}). {remedy}"));
}
