using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Blueprint.Engine.Logic;
using Sorcha.Blueprint.Engine.Tests.Execution;

namespace Sorcha.Blueprint.Engine.Tests.Budgets;

/// <summary>
/// Calculations that grow without bound, run long or nest too deep, and disclosures that multiply the data, stop at the
/// budget with BudgetExceededException.
/// </summary>
public class HostileLogicTests
{
    private const string DoublingString = """{"reduce":[{"var":"xs"},{"cat":[{"var":"accumulator"},{"var":"accumulator"}]},"a"]}""";
    private const string DoublingArray = """{"reduce":[{"var":"xs"},[{"var":"accumulator"},{"var":"accumulator"}],"a"]}""";
    private const string Nesting = """{"reduce":[{"var":"xs"},[{"var":"accumulator"}],0]}""";

    // ~25 steps per item: "all" evaluates the condition, and each of its arguments, once per item.
    private const string Busy = """{"all":[{"var":"xs"},{"!!":[{"+":[{"var":""},1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}]}]}""";

    [Theory]
    [InlineData(DoublingString, 26)] // 64 MiB measured before budgets
    [InlineData(DoublingString, 31)] // 2 GiB
    [InlineData(DoublingArray, 26)]
    public async Task Doubling_stops_at_the_output_budget(string rule, int items)
    {
        var compiled = JsonLogicRule.Compile(TestJson.Parse(rule));

        await Hostile.ExceedsAsync(() => compiled.Evaluate(Items(items)));
        var e = await Hostile.ExceedsAsync(() => compiled.Evaluate(Items(items), new WorkBudget(Hostile.Only(BudgetKind.Output, 200_000))),
            BudgetKind.Output);

        Assert.Contains("200,000 values and characters", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Doubling_within_the_budget_still_answers()
    {
        var result = JsonLogicRule.Compile(TestJson.Parse(DoublingString)).Evaluate(Items(10));

        Assert.Equal(1024, result!.GetValue<string>().Length);
    }

    [Fact]
    public async Task Nesting_deeper_than_the_limit_is_an_output_budget_not_a_serializer_failure()
    {
        var compiled = JsonLogicRule.Compile(TestJson.Parse(Nesting));

        var e = await Hostile.ExceedsAsync(() => compiled.Evaluate(Items(5_000), new WorkBudget(Hostile.Only(BudgetKind.Output, 2_000_000))),
            BudgetKind.Output);

        Assert.Contains("32 levels deep", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Calculated_data_at_the_depth_limit_serializes_canonically()
    {
        // The data object is level 1, so 31 levels of calculated nesting is the deepest allowed.
        var (blueprint, action) = TestBlueprints.SingleAction($$$"""
            {"id":"start","title":"Start","sender":"alice","dataSchema":true,"calculations":{"deep":{{{Nesting}}}}}
            """);
        var engine = new BlueprintEngine();

        var result = engine.Calculate(blueprint, action, Items(31));

        Assert.NotEmpty(JsonSerializer.Serialize(result));
        Assert.Throws<BudgetExceededException>(() => engine.Calculate(blueprint, action, Items(32)));
    }

    [Fact]
    public async Task Catching_a_failure_per_item_stops_at_a_budget()
    {
        // Each caught failure is an exception, costlier than a step: charged 16 steps, and the clock still runs.
        var compiled = JsonLogicRule.Compile(TestJson.Parse("""{"map":[{"var":"xs"},{"try":[{"throw":"x"},0]}]}"""));
        var data = Items(200_000);

        await Hostile.ExceedsAsync(() => compiled.Evaluate(data));
        await Hostile.ExceedsAsync(() => compiled.Evaluate(data, new WorkBudget(Hostile.Only(BudgetKind.Steps, 100_000))), BudgetKind.Steps);
    }

    [Fact]
    public async Task Arguments_spread_from_the_data_are_paid_per_item()
    {
        // {"+": {"var": "xs"}} sums a list from the data: one step per item, as if each were written in the rule.
        var compiled = JsonLogicRule.Compile(TestJson.Parse("""{"+":{"var":"xs"}}"""));

        Assert.Equal(4_950, compiled.Evaluate(Items(100))!.GetValue<decimal>());
        // The million items are built before the clock starts: only the engine's answer is timed.
        var data = Items(1_000_000);
        await Hostile.ExceedsAsync(() => compiled.Evaluate(data, new WorkBudget(Hostile.Only(BudgetKind.Steps, 100_000))), BudgetKind.Steps);
    }

    [Fact]
    public void Climbing_further_than_the_iterations_go_is_null_at_once()
    {
        var compiled = JsonLogicRule.Compile(TestJson.Parse("""{"map":[{"var":"xs"},{"val":[[2000000000],"x"]}]}"""));

        var result = compiled.Evaluate(Items(3), new WorkBudget(Hostile.Only(BudgetKind.Steps, 1_000)));

        Assert.Equal("[null,null,null]", TestJson.Text(result));
    }

    [Fact]
    public async Task Long_work_stops_at_the_step_budget()
    {
        var compiled = JsonLogicRule.Compile(TestJson.Parse(Busy));
        var data = Items(100_000);

        await Hostile.ExceedsAsync(() => compiled.Evaluate(data, new WorkBudget(Hostile.Only(BudgetKind.Steps, 10_000))), BudgetKind.Steps);
    }

    [Fact]
    public async Task Long_work_stops_at_the_deadline()
    {
        // 1,000 × 1,000 items at ~25 steps each: seconds of work, far past a 50 ms deadline.
        var compiled = JsonLogicRule.Compile(TestJson.Parse($$"""{"map":[{"var":"xs"},{{Busy.Replace("\"xs\"", "\"\"", StringComparison.Ordinal)}}]}"""));
        var data = new JsonObject { ["xs"] = new JsonArray([.. Enumerable.Range(0, 1_000).Select(_ => Items(1_000)["xs"]!.DeepClone())]) };

        await Hostile.ExceedsAsync(() => compiled.Evaluate(data, new WorkBudget(Hostile.Only(BudgetKind.Time, 50))), BudgetKind.Time);
    }

    [Fact]
    public void Work_stops_when_the_caller_goes_away()
    {
        var compiled = JsonLogicRule.Compile(TestJson.Parse(Busy));
        using var gone = new CancellationTokenSource();
        gone.Cancel();

        Assert.ThrowsAny<OperationCanceledException>(() => compiled.Evaluate(Items(1_000), new WorkBudget(cancellation: gone.Token)));
    }

    [Fact]
    public async Task The_engine_answers_normally_after_a_hostile_request()
    {
        var (blueprint, action) = TestBlueprints.SingleAction($$$"""
            {"id":"start","title":"Start","sender":"alice","dataSchema":true,"calculations":{"big":{{{DoublingString}}}}}
            """);
        var engine = new BlueprintEngine();
        await Hostile.ExceedsAsync(() => engine.Calculate(blueprint, action, Items(31)));

        var minimal = TestBlueprints.Minimal() with { Id = "bp-2" }; // another key in the engine's compiled-action cache
        var result = engine.Process(minimal, minimal.Actions[0], TestJson.Parse("""{"amount":12}"""));

        Assert.Equal(24, result.Data!["double"]!.GetValue<decimal>());
    }

    [Fact]
    public async Task One_budget_covers_every_stage_of_a_submission()
    {
        // Validation takes 2 steps, the calculation 4 and the route condition 4: each fits in 8, all three do not.
        var minimal = TestBlueprints.Minimal();
        var engine = new BlueprintEngine(new CompiledActionCache(), Hostile.Only(BudgetKind.Steps, 8));
        var data = TestJson.Parse("""{"amount":12}""");
        Assert.True(engine.Validate(minimal, minimal.Actions[0], data).Valid);
        _ = engine.Calculate(minimal, minimal.Actions[0], data);

        await Hostile.ExceedsAsync(() => engine.Process(minimal, minimal.Actions[0], data), BudgetKind.Steps);
    }

    [Fact]
    public async Task Every_disclosed_copy_counts_as_output()
    {
        // 40 participants each given all of 100,000 characters: about 4,000,000 copied.
        var disclosures = string.Join(",", Enumerable.Range(0, 40).Select(i => $$"""{"participant":"p{{i}}","pointers":["/*"]}"""));
        var (blueprint, action) = TestBlueprints.SingleAction($$"""
            {"id":"start","title":"Start","sender":"alice","dataSchema":true,"disclosures":[{{disclosures}}]}
            """);
        var data = new JsonObject { ["text"] = new string('x', 100_000) };
        var engine = new BlueprintEngine();

        Assert.Equal(40, engine.Disclose(blueprint, action, data, new WorkBudget(Hostile.Only(BudgetKind.Output, 5_000_000))).Count);
        await Hostile.ExceedsAsync(() => engine.Disclose(blueprint, action, data, new WorkBudget(Hostile.Only(BudgetKind.Output, 2_000_000))),
            BudgetKind.Output);
    }

    private static JsonObject Items(int count) => new() { ["xs"] = new JsonArray([.. Enumerable.Range(0, count).Select(i => JsonValue.Create(i))]) };
}
