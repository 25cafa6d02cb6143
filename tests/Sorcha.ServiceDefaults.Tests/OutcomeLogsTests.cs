using Serilog.Events;
using Serilog.Parsing;
using Sorcha.ServiceDefaults.Logging;

namespace Sorcha.ServiceDefaults.Tests;

/// <summary>Per-request outcome events go to the structured logs, not the console (LoggingSetup).</summary>
public sealed class OutcomeLogsTests
{
    [Theory]
    [InlineData("Sorcha.Outcomes.Actions", true)]
    [InlineData("Sorcha.Blueprint.Service.Instances.ActionFlow", false)]
    [InlineData("Sorcha.OutcomesElsewhere", false)]
    [InlineData(null, false)]
    public void Only_outcome_categories_are_left_off_the_console(string? category, bool outcome)
    {
        var properties = category is null ? [] : new[] { new LogEventProperty("SourceContext", new ScalarValue(category)) };
        var e = new LogEvent(DateTimeOffset.UtcNow, LogEventLevel.Information, null, new MessageTemplateParser().Parse("x"), properties);
        Assert.Equal(outcome, LoggingSetup.IsOutcome(e));
    }
}
