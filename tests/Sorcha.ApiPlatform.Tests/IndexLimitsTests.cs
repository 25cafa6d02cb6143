using Sorcha.ApiPlatform.Limits;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>Limits:Indexes as settings: a register index bound that cannot work stops the process at start, naming its key.</summary>
public sealed class IndexLimitsTests
{
    [Fact]
    public void Index_limits_below_1_are_refused_at_start_naming_their_keys()
    {
        var result = new LimitsValidation().Validate(null, new LimitsOptions { Indexes = { MaxRecipients = 0, FilterBudget = -1 } });

        Assert.True(result.Failed);
        Assert.Contains("Limits:Indexes:MaxRecipients must be at least 1; it is 0.", result.Failures!);
        Assert.Contains("Limits:Indexes:FilterBudget must be at least 1; it is -1.", result.Failures!);
        Assert.Equal((100, 100_000L), (new LimitsOptions().Indexes.MaxRecipients, new LimitsOptions().Indexes.FilterBudget));
    }
}
