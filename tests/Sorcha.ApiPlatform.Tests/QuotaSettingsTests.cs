using Microsoft.AspNetCore.Http;
using Sorcha.ApiPlatform.Limits;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>Limits:Quotas as settings: 0 turns a quota off, a negative one stops the process, a refusal names the quota.</summary>
public sealed class QuotaSettingsTests
{
    [Fact]
    public void A_quota_of_0_is_off_and_one_at_its_limit_is_full()
    {
        var limits = new LimitsOptions { Quotas = { Wallets = 0, Registers = 2 } };
        Assert.False(Quota.Wallets(limits).IsFull(long.MaxValue));
        Assert.False(Quota.Registers(limits).IsFull(1));
        Assert.True(Quota.Registers(limits).IsFull(2));
    }

    [Fact]
    public void A_negative_quota_is_refused_at_start_naming_its_key()
    {
        var result = new LimitsValidation().Validate(null, new LimitsOptions { Quotas = { OpenInstances = -1, BlueprintBytes = -5 } });
        Assert.True(result.Failed);
        Assert.Contains("Limits:Quotas:OpenInstances must be at least 0; it is -1.", result.Failures!);
        Assert.Contains("Limits:Quotas:BlueprintBytes must be at least 0; it is -5.", result.Failures!);
        Assert.True(new LimitsValidation().Validate(null, new LimitsOptions()).Succeeded);
    }

    [Fact]
    public void A_refusal_is_409_naming_the_quota_its_limit_and_its_setting()
    {
        var refusal = Quota.BlueprintBytes(new LimitsOptions { Quotas = { BlueprintBytes = 12_000 } })
            .Refusal("This blueprint does not fit", "Delete a draft.");
        Assert.Equal(StatusCodes.Status409Conflict, refusal.StatusCode);
        Assert.Equal("Quota exceeded", refusal.ProblemDetails.Title);
        Assert.Equal("blueprintBytes", refusal.ProblemDetails.Extensions["quota"]);
        Assert.Equal(12_000L, refusal.ProblemDetails.Extensions["limit"]);
        Assert.Equal("This blueprint does not fit: the limit is 12,000 (Limits:Quotas:BlueprintBytes). Delete a draft.",
            refusal.ProblemDetails.Detail);
    }

    [Fact]
    public void Attachment_limits_that_cannot_work_are_refused_at_start_and_the_quota_names_its_setting()
    {
        var result = new LimitsValidation().Validate(null, new LimitsOptions { Attachments = { MaxFileBytes = 0, QuotaBytes = -1 } });
        Assert.True(result.Failed);
        Assert.Contains("Limits:Attachments:MaxFileBytes must be at least 1; it is 0.", result.Failures!);
        Assert.Contains("Limits:Attachments:QuotaBytes must be at least 0; it is -1.", result.Failures!);

        var refusal = Quota.AttachmentBytes(new LimitsOptions { Attachments = { QuotaBytes = 300 } }).Refusal("Too much", "Ask.");
        Assert.Equal("attachmentBytes", refusal.ProblemDetails.Extensions["quota"]);
        Assert.Equal("Too much: the limit is 300 (Limits:Attachments:QuotaBytes). Ask.", refusal.ProblemDetails.Detail);
    }
}
