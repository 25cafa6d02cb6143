using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Logic;

namespace Sorcha.Blueprint.Engine.Tests.Logic;

/// <summary>
/// Odd data gives null/false where that is still a meaningful answer (a missing path, a missing list); where it is
/// not (arithmetic on a non-number, comparing with an object), the rule fails: see RuleFailureTests.
/// </summary>
public class RobustnessTests
{
    [Theory]
    [InlineData("""{"+":[{"var":"missing"},1]}""", "{}", "1")]
    [InlineData("""{"-":[{"var":"missing"},1]}""", "{}", "-1")]
    [InlineData("""{"var":"a.b.c"}""", """{"a":5}""", "null")]
    [InlineData("""{"var":"a.5"}""", """{"a":[1]}""", "null")]
    [InlineData("""{"var":"a.-1"}""", """{"a":[1]}""", "null")]
    [InlineData("""{"map":[5,{"var":""}]}""", "{}", "[]")]
    [InlineData("""{"substr":[null,1]}""", "{}", "\"ull\"")]
    [InlineData("""{"substr":["abc","x"]}""", "{}", "\"abc\"")]
    [InlineData("""{"substr":["abc",1e300]}""", "{}", "\"\"")]
    [InlineData("""{"in":["a",5]}""", "{}", "false")]
    [InlineData("""{"missing_some":["x","not an array"]}""", "{}", "[]")]
    [InlineData("""{"<":[{"var":"a"},{"var":"b"}]}""", """{"a":1e400,"b":1}""", "false")]
    public void Evaluate_odd_data_returns_null_or_false(string rule, string data, string expected) => LogicCase.Check(rule, data, expected);

    [Fact]
    public void Evaluate_does_not_mutate_the_input_data()
    {
        var data = TestJson.Object("""{"xs":[1,2,3],"o":{"a":1}}""");
        var before = data.ToJsonString();

        JsonLogic.Apply(TestJson.Parse("""{"merge":[{"var":"xs"},{"map":[{"var":"xs"},{"var":""}]},[{"var":"o"}]]}"""), data);

        Assert.Equal(before, data.ToJsonString());
    }

    [Theory]
    [InlineData("""{"merge":[{"var":""}]}""", """[{"a":1}]""")]
    [InlineData("""[{"var":""},{"var":[]}]""", """[{"a":1},{"a":1}]""")]
    [InlineData("""{"reduce":[[1],{"var":"accumulator"},{"var":""}]}""", """{"a":1}""")]
    public void Evaluate_whole_data_inside_a_result_leaves_the_callers_data_detached(string rule, string expected)
    {
        var data = TestJson.Object("""{"a":1}""");

        var result = JsonLogic.Apply(TestJson.Parse(rule), data);

        Assert.Equal(expected, TestJson.Text(result));
        Assert.Null(data.Parent);
        _ = new JsonArray(data);
    }

    [Fact]
    public void Evaluate_result_can_be_attached_to_another_tree()
    {
        var data = TestJson.Object("""{"o":{"a":1}}""");
        var rule = JsonLogicRule.Compile(TestJson.Parse("""{"var":"o"}"""));

        var target = new JsonObject { ["copy"] = rule.Evaluate(data) };

        Assert.Equal("""{"copy":{"a":1}}""", target.ToJsonString());
    }

    [Fact]
    public void Compiled_rule_literal_results_are_fresh_each_time()
    {
        var rule = JsonLogicRule.Compile(TestJson.Parse("""{"if":[true,{},0]}"""));

        var first = new JsonObject { ["x"] = rule.Evaluate(null) };
        var second = new JsonObject { ["y"] = rule.Evaluate(null) };

        Assert.Equal("""{"x":{}}""", first.ToJsonString());
        Assert.Equal("""{"y":{}}""", second.ToJsonString());
    }

    [Fact]
    public void Compiled_rule_is_safe_to_use_from_many_threads()
    {
        var rule = JsonLogicRule.Compile(TestJson.Parse("""{"reduce":[{"var":"xs"},{"+":[{"var":"current"},{"var":"accumulator"}]},0]}"""));

        var sums = Enumerable.Range(0, 500).AsParallel()
            .Select(i => rule.Evaluate(new JsonObject { ["xs"] = new JsonArray(i, 1, 2) })!.GetValue<decimal>())
            .ToArray();

        Assert.Equal(Enumerable.Range(0, 500).Select(i => i + 3m), sums);
    }

    [Theory]
    [InlineData("0", false)]
    [InlineData("-0.0", false)]
    [InlineData("\"\"", false)]
    [InlineData("null", false)]
    [InlineData("false", false)]
    [InlineData("[]", false)]
    [InlineData("1", true)]
    [InlineData("\"0\"", true)]
    [InlineData("\"false\"", true)]
    [InlineData("[0]", true)]
    [InlineData("{}", true)]
    [InlineData("true", true)]
    public void Is_truthy_follows_json_logic_rules(string value, bool truthy) =>
        Assert.Equal(truthy, JsonLogic.IsTruthy(TestJson.Parse(value)));
}
