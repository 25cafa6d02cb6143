using Sorcha.Blueprint.Engine.Logic;

namespace Sorcha.Blueprint.Engine.Tests.Logic;

/// <summary>
/// A rule whose answer would be meaningless fails, naming where in the rule, instead of yielding a null that a
/// blueprint would commit and sign (README, "JSON Logic": errors).
/// </summary>
public class RuleFailureTests
{
    [Theory]
    [InlineData("""{"/":[1,0]}""", "{}", "NaN", "/~1")]
    [InlineData("""{"%":[1,0]}""", "{}", "NaN", "/%")]
    [InlineData("""{"+":[1e308,1e308]}""", "{}", "NaN", "/+")]
    [InlineData("""{"+":["3.5kg",1]}""", "{}", "NaN", "/+")]
    [InlineData("""{"/":["abc",2]}""", "{}", "NaN", "/~1")]
    [InlineData("""{"*":[{"var":"obj"},2]}""", """{"obj":{"a":1}}""", "NaN", "/*")]
    [InlineData("""{"max":[1,"x"]}""", "{}", "NaN", "/max")]
    [InlineData("""{"max":[{"var":"nums"}]}""", """{"nums":[1,2]}""", "NaN", "/max")]
    [InlineData("""{"==":["abc",1]}""", "{}", "NaN", "/==")]
    [InlineData("""{"==":[{"var":"list"},"1,2"]}""", """{"list":[1,2]}""", "NaN", "/==")]
    [InlineData("""{">":[{"var":"obj"},2]}""", """{"obj":{"a":1}}""", "NaN", "/>")]
    [InlineData("""{">":["a",1]}""", "{}", "NaN", "/>")]
    [InlineData("""{"all":["abc",true]}""", "{}", "Invalid Arguments", "/all")]
    [InlineData("""{"%":{"var":"xs"}}""", """{"xs":[1]}""", "Invalid Arguments", "/%")]
    [InlineData("""{"if":[true,{"+":[1,{"/":[{"var":"a"},0]}]},0]}""", """{"a":1}""", "NaN", "/if/1/+/1/~1")]
    [InlineData("""{"throw":"over limit"}""", "{}", "over limit", "/throw")]
    [InlineData("""{"try":[{"throw":"a"},{"throw":{"preserve":{"type":"b"}}}]}""", "{}", "b", "/try/1/throw")]
    public void A_meaningless_answer_is_an_error_naming_its_place_in_the_rule(string rule, string data, string type, string at)
    {
        var e = Assert.Throws<JsonLogicException>(() => JsonLogic.Apply(TestJson.Parse(rule), TestJson.Parse(data)));

        Assert.Equal(type, e.Type);
        Assert.Equal(at, e.Location);
    }

    [Theory]
    [InlineData("""{"try":[{"/":[{"var":"a"},{"var":"b"}]},0]}""", """{"a":1,"b":0}""", "0")]
    [InlineData("""{"try":[{"throw":"x"},{"val":"type"}]}""", "{}", "\"x\"")]
    [InlineData("""{"??":[{"var":"a"},{"var":"b"},"none"]}""", """{"b":false}""", "false")]
    [InlineData("""{"map":[{"var":"missing"},{"var":""}]}""", "{}", "[]")]
    public void Try_and_coalesce_turn_a_failure_or_a_null_into_an_answer(string rule, string data, string expected) =>
        LogicCase.Check(rule, data, expected);
}
