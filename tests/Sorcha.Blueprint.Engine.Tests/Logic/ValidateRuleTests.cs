using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Logic;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Tests.Logic;

public class ValidateRuleTests
{
    [Theory]
    [InlineData("""{"foo":[1]}""", "", "unknown operator 'foo'")]
    [InlineData("""{"method":["x","toUpperCase"]}""", "", "unknown operator 'method'")]
    [InlineData("""{"and":[true,{"bogus":1}]}""", "/and/1", "unknown operator 'bogus'")]
    [InlineData("""{"!":{"bogus":1}}""", "/!", "unknown operator 'bogus'")]
    [InlineData("""{"==":[1]}""", "/==", "'==' takes at least 2 argument(s) but has 1")]
    [InlineData("""{"==":5}""", "/==", "'==' takes an array of arguments")]
    [InlineData("""{"!":[1,2]}""", "/!", "'!' takes 0 to 1 argument(s) but has 2")]
    [InlineData("""{"<":[1]}""", "/<", "'<' takes at least 2 argument(s) but has 1")]
    [InlineData("""{"and":true}""", "/and", "'and' takes an array of arguments")]
    [InlineData("""{"?:":[1,2]}""", "/?:", "'?:' takes exactly 3 argument(s) but has 2")]
    [InlineData("""{"if":5}""", "/if", "'if' takes an array of arguments")]
    [InlineData("""{"map":[null,{"var":""}]}""", "/map/0", "argument 1 of 'map' must not be null")]
    [InlineData("""{"filter":[{"var":"xs"},null]}""", "/filter/1", "argument 2 of 'filter' must not be null")]
    [InlineData("""{"substr":["a"]}""", "/substr", "'substr' takes 2 to 3 argument(s) but has 1")]
    [InlineData("""{"missing_some":[1]}""", "/missing_some", "'missing_some' takes exactly 2 argument(s) but has 1")]
    [InlineData("""{"map":[[1,2]]}""", "/map", "'map' takes exactly 2 argument(s) but has 1")]
    [InlineData("""{"reduce":[[1],{"var":"current"},0,1]}""", "/reduce", "'reduce' takes 2 to 3 argument(s) but has 4")]
    [InlineData("""{"var":["a","b","c"]}""", "/var", "'var' takes 0 to 2 argument(s) but has 3")]
    [InlineData("""{"%":[1]}""", "/%", "'%' takes at least 2 argument(s) but has 1")]
    [InlineData("""{"/":[]}""", "/~1", "'/' takes at least 1 argument(s) but has 0")]
    [InlineData("""{"max":[]}""", "/max", "'max' takes at least 1 argument(s) but has 0")]
    [InlineData("""{"log":[1,2]}""", "/log", "'log' takes exactly 1 argument(s) but has 2")]
    [InlineData("""{"==":[1,1],"extra":2}""", "", "an object with 2 keys is not a JSON Logic operation (an operation has exactly one key, the operator)")]
    [InlineData("""[1,{"nope":[]}]""", "/1", "unknown operator 'nope'")]
    public void Validate_rule_problem_is_reported_with_pointer_and_message(string rule, string expectedPointer, string message)
    {
        var problems = JsonLogic.ValidateRule(TestJson.Parse(rule));

        Assert.Contains(new ValidationError(expectedPointer, message), problems);
    }

    [Theory]
    [InlineData("5")]
    [InlineData("null")]
    [InlineData("\"text\"")]
    [InlineData("[1,2,{\"var\":\"a\"}]")]
    [InlineData("{}")]
    [InlineData("""{"var":"a"}""")]
    [InlineData("""{"if":[{"missing":["a"]},"x",{"<":[1,{"var":"b"},3]},"y","z"]}""")]
    [InlineData("""{"reduce":[{"var":"xs"},{"+":[{"var":"current"},{"var":"accumulator"}]},0]}""")]
    [InlineData("""{"some":[{"var":"pies"},{"==":[{"var":"filling"},"apple"]}]}""")]
    [InlineData("""{"if":[]}""")]
    [InlineData("""{">":[3,2,1]}""")]
    [InlineData("""{"try":[{"/":[{"var":"a"},{"var":"b"}]},0]}""")]
    [InlineData("""{"preserve":{"not":"an operation"}}""")]
    [InlineData("""{"??":[{"val":["a","b.c"]},{"exists":"x"},{"throw":"none"}]}""")]
    public void Validate_rule_well_formed_rule_has_no_problems(string rule) =>
        Assert.Empty(JsonLogic.ValidateRule(TestJson.Parse(rule)));

    [Fact]
    public void Validate_rule_reports_every_problem()
    {
        var problems = JsonLogic.ValidateRule(TestJson.Parse("""{"and":[{"x":1},{"==":[1]},{"or":[{"y":2}]}]}"""));

        Assert.Equal(["/and/0", "/and/1/==", "/and/2/or/0"], problems.Select(p => p.Pointer).ToArray());
    }

    [Fact]
    public void Validate_rule_excessive_nesting_is_rejected()
    {
        // Built in code: the JSON parser's own depth limit (64) would stop a text this deep before the engine sees it.
        JsonNode rule = 1;
        for (var i = 0; i < 100; i++)
        {
            rule = new JsonObject { ["!"] = new JsonArray(rule) };
        }

        var problems = JsonLogic.ValidateRule(rule);

        Assert.Contains(problems, p => p.Message.Contains("nested more than", StringComparison.Ordinal));
        Assert.Throws<InvalidRuleException>(() => JsonLogicRule.Compile(rule));
    }

    [Fact]
    public void Compile_invalid_rule_throws_with_all_problems()
    {
        var ex = Assert.Throws<InvalidRuleException>(() => JsonLogicRule.Compile(TestJson.Parse("""{"and":[{"x":1},{"y":2}]}""")));

        Assert.Equal(2, ex.Problems.Count);
    }
}
