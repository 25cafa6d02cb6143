using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Blueprint.Engine.Schema;
using Sorcha.Blueprint.Engine.Tests.Execution;

namespace Sorcha.Blueprint.Engine.Tests.Budgets;

/// <summary>Schemas that never end are refused when compiled; schemas that merely run long stop at the budget.</summary>
public class HostileSchemaTests
{
    [Theory]
    [InlineData("""{"anyOf":[{"$ref":"#"},{"$ref":"#"}]}""", "")]
    [InlineData("""{"$ref":"#","properties":{"child":{"$ref":"#"}}}""", "")]
    [InlineData("""{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}""", "/$defs/a")]
    [InlineData("""{"type":"object","allOf":[{"not":{"$ref":"#/allOf/0"}}]}""", "/allOf/0")]
    [InlineData("""{"if":{"$ref":"#"},"then":true}""", "")]
    [InlineData("""{"dependentSchemas":{"a":{"oneOf":[{"$ref":"#"}]}}}""", "")]
    [InlineData("""{"$dynamicAnchor":"a","anyOf":[{"$dynamicRef":"#a"},{"$dynamicRef":"#a"}]}""", "")]
    [InlineData("""{"$defs":{"b":{"$id":"urn:b","$ref":"urn:c"},"c":{"$id":"urn:c","allOf":[{"$ref":"urn:b"}]}},"$ref":"urn:b"}""", "/$defs/b")]
    public void Ref_cycles_that_consume_no_input_are_schema_problems(string schema, string at)
    {
        var problems = JsonSchema.ValidateSchema(TestJson.Parse(schema));

        var problem = Assert.Single(problems);
        Assert.Equal(at, problem.Pointer);
        Assert.Contains("'$ref'", problem.Message, StringComparison.Ordinal);
        Assert.Throws<InvalidSchemaException>(() => JsonSchema.Compile(TestJson.Parse(schema)));
    }

    [Theory]
    [InlineData("""{"properties":{"next":{"$ref":"#"}}}""")]
    [InlineData("""{"items":{"anyOf":[{"$ref":"#"},{"type":"integer"}]}}""")]
    [InlineData("""{"propertyNames":{"$ref":"#"}}""")]
    [InlineData("""{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"type":"string"}},"anyOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/a"}]}""")]
    public void Recursion_through_a_property_or_item_is_allowed(string schema) =>
        Assert.Empty(JsonSchema.ValidateSchema(TestJson.Parse(schema)));

    [Fact]
    public void Publishing_reports_the_cycle_at_its_pointer_in_the_blueprint()
    {
        var json = TestBlueprints.MinimalJson();
        json["actions"]![0]!["dataSchema"] = TestJson.Parse("""{"anyOf":[{"$ref":"#"},{"$ref":"#"}]}""");
        var blueprint = TestBlueprints.ToBlueprint(json);

        Assert.Contains(BlueprintValidator.Validate(blueprint), p => p.Pointer == "/actions/0/dataSchema");
        var e = Assert.Throws<InvalidBlueprintException>(() => new BlueprintEngine().Validate(blueprint, blueprint.Actions[0], TestJson.Parse("{}")));
        Assert.Contains(e.Problems, p => p.Pointer == "/actions/0/dataSchema");
    }

    [Fact]
    public async Task Exponential_schema_without_a_cycle_stops_at_a_budget()
    {
        // a0 → anyOf [a1, a1] → … → a40 = false: 2^40 evaluations, every one failing, and no cycle to reject.
        var defs = new JsonObject { ["a40"] = false };
        for (var i = 0; i < 40; i++)
        {
            defs[$"a{i}"] = TestJson.Parse($$"""{"anyOf":[{"$ref":"#/$defs/a{{i + 1}}"},{"$ref":"#/$defs/a{{i + 1}}"}]}""");
        }

        var schema = JsonSchema.Compile(new JsonObject { ["$defs"] = defs, ["$ref"] = "#/$defs/a0" });

        await Hostile.ExceedsAsync(() => schema.Evaluate(TestJson.Parse("1")));
        await Hostile.ExceedsAsync(() => schema.Evaluate(TestJson.Parse("1"), new WorkBudget(Hostile.Only(BudgetKind.Steps, 100_000))), BudgetKind.Steps);
    }

    [Fact]
    public async Task Annotations_for_unevaluated_properties_are_paid_per_property_and_schema()
    {
        // 1,000 in-place branches over an object of 2,000 properties: only 1,000 schema steps, but each branch builds
        // and merges the set of evaluated properties, 4 million units of work that must not be free.
        var schema = JsonSchema.Compile(new JsonObject
        {
            ["allOf"] = new JsonArray([.. Enumerable.Range(0, 1_000).Select(_ => new JsonObject())]),
            ["unevaluatedProperties"] = false,
        });
        var wide = new JsonObject(Enumerable.Range(0, 2_000).Select(i => KeyValuePair.Create($"p{i}", (JsonNode?)i)));

        await Hostile.ExceedsAsync(() => schema.Evaluate(wide));
        await Hostile.ExceedsAsync(() => schema.Evaluate(wide, new WorkBudget(Hostile.Only(BudgetKind.Steps, 1_000_000))), BudgetKind.Steps);
    }

    [Fact]
    public async Task AnyOf_under_unevaluated_properties_runs_every_branch_and_still_stops_at_the_budget()
    {
        // With annotations wanted, anyOf cannot stop at the first passing branch: 2^30 passing branches here.
        var defs = new JsonObject { ["a30"] = TestJson.Parse("""{"properties":{"x":true}}""") };
        for (var i = 0; i < 30; i++)
        {
            defs[$"a{i}"] = TestJson.Parse($$"""{"anyOf":[{"$ref":"#/$defs/a{{i + 1}}"},{"$ref":"#/$defs/a{{i + 1}}"}]}""");
        }

        var schema = JsonSchema.Compile(new JsonObject { ["$defs"] = defs, ["$ref"] = "#/$defs/a0", ["unevaluatedProperties"] = false });

        await Hostile.ExceedsAsync(() => schema.Evaluate(TestJson.Parse("""{"x":1}""")));
        await Hostile.ExceedsAsync(() => schema.Evaluate(TestJson.Parse("""{"x":1}"""), new WorkBudget(Hostile.Only(BudgetKind.Steps, 100_000))),
            BudgetKind.Steps);
    }

    [Fact]
    public async Task A_dynamic_ref_searches_a_scope_that_is_paid_for_and_bounded_by_the_depth_limit()
    {
        // 100 nested resources, each entered in turn, then a $dynamicRef that walks all of them back to the outermost,
        // which applies again one property down: the scope grows by 100 per level until the depth limit answers.
        var defs = new JsonObject
        {
            ["r100"] = TestJson.Parse("""{"$id":"urn:r100","$dynamicAnchor":"n","properties":{"next":{"$dynamicRef":"#n"}}}"""),
        };
        for (var i = 1; i < 100; i++)
        {
            defs[$"r{i}"] = new JsonObject { ["$id"] = $"urn:r{i}", ["$dynamicAnchor"] = "n", ["$ref"] = $"urn:r{i + 1}" };
        }

        var schema = JsonSchema.Compile(new JsonObject { ["$id"] = "urn:r0", ["$dynamicAnchor"] = "n", ["$defs"] = defs, ["$ref"] = "urn:r1" });
        JsonNode deep = new JsonObject();
        for (var i = 0; i < 30; i++)
        {
            deep = new JsonObject { ["next"] = deep };
        }

        Assert.Contains(schema.Evaluate(deep), e => e.Message.Contains("too deep", StringComparison.Ordinal));
        await Hostile.ExceedsAsync(() => schema.Evaluate(deep, new WorkBudget(Hostile.Only(BudgetKind.Steps, 250))), BudgetKind.Steps);
    }

    [Fact]
    public void A_ref_to_a_url_is_a_publish_problem_naming_it_never_a_fetch()
    {
        // A server that dereferenced a blueprint's $ref would fetch whatever address an author wrote (SSRF).
        var json = TestBlueprints.MinimalJson();
        json["actions"]![0]!["dataSchema"] = TestJson.Parse("""{"$ref":"http://169.254.169.254/latest/meta-data/"}""");
        var blueprint = TestBlueprints.ToBlueprint(json);

        var problem = Assert.Single(BlueprintValidator.Validate(blueprint), p => p.Pointer == "/actions/0/dataSchema/$ref");
        Assert.Contains("169.254.169.254", problem.Message, StringComparison.Ordinal);
        var e = Assert.Throws<InvalidBlueprintException>(() => new BlueprintEngine().Validate(blueprint, blueprint.Actions[0], TestJson.Parse("{}")));
        Assert.Contains(e.Problems, p => p.Pointer == "/actions/0/dataSchema/$ref");
    }

    [Fact]
    public async Task A_backtracking_pattern_over_many_strings_stops_at_one_deadline_for_the_request()
    {
        // The lookahead forces the backtracking engine; (a+)+ then backtracks exponentially on "aaa…!", so each match
        // runs into its 100 ms timeout. 5,000 of them cost over 8 minutes before the request had one deadline.
        var schema = JsonSchema.Compile(TestJson.Parse("""{"items":{"pattern":"^(?!x)(a+)+$"}}"""));
        var data = new JsonArray([.. Enumerable.Range(0, 5_000).Select(_ => JsonValue.Create(new string('a', 40) + "!"))]);

        await Hostile.ExceedsAsync(() => schema.Evaluate(data), BudgetKind.Time);
    }

    [Fact]
    public void UniqueItems_on_a_large_array_costs_about_one_step_per_item()
    {
        // Pairwise, 100,000 items would be 5 billion comparisons (steps); hashed, there is nothing to compare.
        var schema = JsonSchema.Compile(TestJson.Parse("""{"uniqueItems":true}"""));
        var distinct = new JsonArray([.. Enumerable.Range(0, 100_000).Select(i => new JsonObject { ["id"] = i, ["tag"] = $"t{i % 7}" })]);

        Assert.Empty(schema.Evaluate(distinct, new WorkBudget(Hostile.Only(BudgetKind.Steps, 100_000))));
    }

    [Theory]
    [InlineData("[1,2,1.0]", "/2", "duplicates item 0")]
    [InlineData("""[{"a":1,"b":[1,2]},{"a":2},{"b":[1.0,2],"a":1}]""", "/2", "duplicates item 0")]
    [InlineData("""["x","y","z","y","y"]""", "/3", "duplicates item 1")]
    public void UniqueItems_still_finds_json_equal_duplicates(string array, string at, string message)
    {
        var errors = JsonSchema.Compile(TestJson.Parse("""{"uniqueItems":true}""")).Evaluate(TestJson.Parse(array));

        Assert.Contains(errors, e => e.Pointer == at && e.Message.Contains(message, StringComparison.Ordinal));
    }

    [Fact]
    public async Task Errors_count_against_the_output_budget()
    {
        var schema = JsonSchema.Compile(TestJson.Parse("""{"items":{"type":"string"}}"""));
        var data = new JsonArray([.. Enumerable.Range(0, 10_000).Select(i => JsonValue.Create(i))]);

        await Hostile.ExceedsAsync(() => schema.Evaluate(data, new WorkBudget(Hostile.Only(BudgetKind.Output, 100_000))), BudgetKind.Output);
        // The default step and output budgets hold all 10,000 errors; the time allowed is a minute, not a request's
        // 500 ms, so that a busy machine cannot turn this into a time-budget test.
        Assert.Equal(10_000, schema.Evaluate(data, new WorkBudget(new EngineLimits { TimeMilliseconds = 60_000 })).Count);
    }
}
