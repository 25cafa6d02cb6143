using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Templates;

namespace Sorcha.Blueprint.Engine.Tests.Budgets;

/// <summary>
/// JSON-e templates that build without bound, run long or nest too deep stop at the budget with
/// BudgetExceededException (JSON-e has no loops, but range, $map, $reduce and $mergeDeep multiply).
/// </summary>
public class HostileJsonETests
{
    private const string DoublingString = """{"$reduce":{"$eval":"range(0, 64)"},"initial":"ab","each(acc, x)":{"$eval":"acc + acc"}}""";
    private const string DoublingArray = """{"$reduce":{"$eval":"range(0, 64)"},"initial":[1],"each(acc, x)":{"$flatten":[{"$eval":"acc"},{"$eval":"acc"}]}}""";
    private const string DoublingMerge =
        """{"$reduce":{"$eval":"range(0, 64)"},"initial":{"a":[1],"b":{"c":[2]}},"each(acc, x)":{"$mergeDeep":[{"$eval":"acc"},{"$eval":"acc"}]}}""";
    private const string Nesting = """{"$reduce":{"$eval":"range(0, 5000)"},"initial":0,"each(acc, x)":[{"$eval":"acc"}]}""";
    private const string MapCubed =
        """{"$map":{"$eval":"range(0, 1000)"},"each(x)":{"$map":{"$eval":"range(0, 1000)"},"each(y)":{"$map":{"$eval":"range(0, 1000)"},"each(z)":"${x + y + z}"}}}""";

    [Theory]
    [InlineData("""{"$eval":"range(0, 1000000000)"}""")]
    [InlineData("""{"$eval":"len(range(-1000000000000000, 1000000000000000))"}""")]
    [InlineData(DoublingString)]
    [InlineData(DoublingArray)]
    [InlineData(DoublingMerge)]
    public async Task Growth_stops_at_the_output_budget(string template)
    {
        var parsed = TestJson.Parse(template);

        await Hostile.ExceedsAsync(() => JsonE.Render(parsed, [], new WorkBudget()));
        var e = await Hostile.ExceedsAsync(() => JsonE.Render(parsed, [], new WorkBudget(Hostile.Only(BudgetKind.Output, 200_000))),
            BudgetKind.Output);

        Assert.Contains("200,000 values and characters", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Doubling_within_the_budget_still_answers()
    {
        var result = JsonE.Render(TestJson.Parse(DoublingString.Replace("64", "10", StringComparison.Ordinal)), [], new WorkBudget());

        Assert.Equal(2048, result!.GetValue<string>().Length);
    }

    [Fact]
    public async Task A_long_string_repeated_is_paid_for_before_it_is_joined_or_written()
    {
        // A thousand references to one 100,000-character string cost a thousand values, until something copies them.
        var context = new JsonObject { ["s"] = new string('x', 100_000) };
        var repeated = """{"$map":{"$eval":"range(0, 1000)"},"each(x)":{"$eval":"s"}}""";
        var budget = Hostile.Only(BudgetKind.Output, 5_000_000);

        var counted = TestJson.Parse($$$"""{"$let":{"xs":{{{repeated}}}},"in":{"$eval":"len(xs)"}}""");
        Assert.Equal(1000m, JsonE.Render(counted, context.DeepClone().AsObject(), new WorkBudget(budget))!.GetValue<decimal>());
        foreach (var copy in new[] { """{"$eval":"join(xs, '')"}""", """{"$json":{"$eval":"xs"}}""" })
        {
            var template = TestJson.Parse($$$"""{"$let":{"xs":{{{repeated}}}},"in":{{{copy}}}}""");
            await Hostile.ExceedsAsync(() => JsonE.Render(template, context.DeepClone().AsObject(), new WorkBudget(budget)), BudgetKind.Output);
        }
    }

    [Fact]
    public async Task Nesting_deeper_than_the_limit_is_an_output_budget_not_a_stack_overflow()
    {
        var e = await Hostile.ExceedsAsync(() => JsonE.Render(TestJson.Parse(Nesting), [], new WorkBudget()), BudgetKind.Output);

        Assert.Contains("32 levels deep", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Deep_templates_and_expressions_stop_before_the_stack_does()
    {
        JsonNode deepTemplate = new JsonArray();
        for (var i = 0; i < 100_000; i++)
        {
            deepTemplate = new JsonArray(deepTemplate);
        }

        await Hostile.ExceedsAsync(() => JsonE.Render(deepTemplate, [], new WorkBudget()), BudgetKind.Output);
        foreach (var expression in new[]
                 {
                     new string('(', 100_000) + "1" + new string(')', 100_000),
                     new string('!', 100_000) + "true",
                     string.Join(" + ", Enumerable.Repeat("1", 100_000)),
                     string.Join(" ** ", Enumerable.Repeat("1", 100_000)),
                     new string('[', 100_000) + new string(']', 100_000),
                 })
        {
            var template = new JsonObject { ["$eval"] = expression };
            await Hostile.ExceedsAsync(() => JsonE.Render(template, [], new WorkBudget()), BudgetKind.Output);
        }
    }

    [Fact]
    public async Task Deep_context_data_stops_at_the_depth_limit()
    {
        JsonNode deep = new JsonArray();
        for (var i = 0; i < 100_000; i++)
        {
            deep = new JsonArray(deep);
        }

        await Hostile.ExceedsAsync(() => JsonE.Render(TestJson.Parse("1"), new JsonObject { ["x"] = deep }, new WorkBudget()), BudgetKind.Output);
    }

    [Fact]
    public async Task Nested_maps_stop_at_the_step_budget()
    {
        var template = TestJson.Parse(MapCubed);

        await Hostile.ExceedsAsync(() => JsonE.Render(template, [], new WorkBudget()));
        await Hostile.ExceedsAsync(() => JsonE.Render(template, [], new WorkBudget(Hostile.Only(BudgetKind.Steps, 100_000))), BudgetKind.Steps);
    }

    [Fact]
    public async Task Long_work_stops_at_the_deadline()
    {
        // A billion items' worth of work, far past a 50 ms deadline.
        var template = TestJson.Parse(MapCubed);

        await Hostile.ExceedsAsync(() => JsonE.Render(template, [], new WorkBudget(Hostile.Only(BudgetKind.Time, 50))), BudgetKind.Time);
    }

    [Fact]
    public void Work_stops_when_the_caller_goes_away()
    {
        using var gone = new CancellationTokenSource();
        gone.Cancel();

        Assert.ThrowsAny<OperationCanceledException>(() => JsonE.Render(TestJson.Parse(MapCubed), [], new WorkBudget(cancellation: gone.Token)));
    }

    [Fact]
    public async Task Sorting_pays_a_step_per_comparison()
    {
        var template = TestJson.Parse("""{"$sort":{"$eval":"range(100000, 0, -1)"}}""");

        Assert.Equal(100_000, JsonE.Render(template, [], new WorkBudget(Hostile.Only(BudgetKind.Steps, 10_000_000)))!.AsArray().Count);
        await Hostile.ExceedsAsync(() => JsonE.Render(template, [], new WorkBudget(Hostile.Only(BudgetKind.Steps, 500_000))), BudgetKind.Steps);
    }
}
