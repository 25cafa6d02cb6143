using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Templates;

namespace Sorcha.Blueprint.Engine.Tests.Templates;

/// <summary>What the JSON-e specification leaves open or covers thinly: the clock, numbers, JSON limits, error locations.</summary>
public class JsonETests
{
    private static readonly DateTimeOffset Clock = new(2026, 11, 28, 12, 0, 0, TimeSpan.Zero);

    [Fact]
    public void The_clock_comes_from_the_context_before_the_parameter()
    {
        var template = TestJson.Parse("""[{"$fromNow":"1 day"},{"$eval":"fromNow('1 hour')"},{"$eval":"now"}]""");

        Assert.Equal("""["2026-11-29T12:00:00.000Z","2026-11-28T13:00:00.000Z","2026-11-28T12:00:00.000Z"]""",
            TestJson.Text(JsonE.Render(template, [], new WorkBudget(), Clock)));
        Assert.Equal("""["2000-01-02T00:00:00.000Z","2000-01-01T01:00:00.000Z","2000-01-01T00:00:00Z"]""",
            TestJson.Text(JsonE.Render(template, TestJson.Object("""{"now":"2000-01-01T00:00:00Z"}"""), new WorkBudget(), Clock)));
    }

    [Theory]
    [InlineData("""{"$fromNow":"1 day","from":"2020-02-28T00:00:00.000Z"}""", "2020-02-29T00:00:00.000Z")]
    [InlineData("""{"$fromNow":"- 1 year"}""", "2025-11-28T12:00:00.000Z")]
    [InlineData("""{"$let":{"now":"2001-01-01T00:00:00.000Z"},"in":{"$fromNow":"2 weeks"}}""", "2001-01-15T00:00:00.000Z")]
    public void FromNow_adds_to_the_reference_it_is_given(string template, string expected)
    {
        Assert.Equal(expected, JsonE.Render(TestJson.Parse(template), [], new WorkBudget(), Clock)!.GetValue<string>());
    }

    [Theory]
    [InlineData("""{"$fromNow":"1 fortnight"}""")]
    [InlineData("""{"$fromNow":"99999999999999 years"}""")]
    [InlineData("""{"$fromNow":"1 day","from":"yesterday"}""")]
    public void Impossible_times_are_errors_not_nulls(string template)
    {
        var e = Assert.Throws<JsonETemplateException>(() => JsonE.Render(TestJson.Parse(template), [], new WorkBudget(), Clock));

        Assert.Equal(JsonEErrorKind.Interpreter, e.Kind);
    }

    [Theory]
    [InlineData("${0.1 + 0.2}", "0.30000000000000004")]
    [InlineData("${10 ** 21}", "1e+21")]
    [InlineData("${1 / 3}", "0.3333333333333333")]
    [InlineData("${2 ** 53 + 1}", "9007199254740992")]
    [InlineData("${-0.0000001}", "-1e-7")]
    [InlineData("${str(1.50)}", "1.5")]
    public void Numbers_are_written_as_JavaScript_writes_them(string template, string expected)
    {
        Assert.Equal(expected, JsonE.Render(JsonValue.Create(template), [], new WorkBudget())!.GetValue<string>());
    }

    [Fact]
    public void Whole_numbers_in_the_result_are_written_without_a_fraction()
    {
        var result = JsonE.Render(TestJson.Parse("""{"a":{"$eval":"6 / 2"},"b":{"$eval":"0.5 * 3"}}"""), [], new WorkBudget());

        Assert.Equal("""{"a":3,"b":1.5}""", TestJson.Text(result));
    }

    [Theory]
    [InlineData("sqrt(-1)")]
    [InlineData("number('abc')")]
    [InlineData("10 ** 400")]
    public void NaN_and_infinity_cannot_be_a_result(string expression)
    {
        var e = Assert.Throws<JsonETemplateException>(() => JsonE.Render(new JsonObject { ["$eval"] = expression }, [], new WorkBudget()));

        Assert.Equal(JsonEErrorKind.Template, e.Kind);
    }

    [Fact]
    public void Functions_can_be_passed_and_called_but_not_returned()
    {
        var template = TestJson.Parse("""{"$let":{"f":{"$eval":"max"}},"in":{"$eval":"[f(1, 5, 2), typeof(f), defined('f'), defined('g')]"}}""");

        Assert.Equal("""[5,"function",true,false]""", TestJson.Text(JsonE.Render(template, [], new WorkBudget())));
        var e = Assert.Throws<JsonETemplateException>(() => JsonE.Render(TestJson.Parse("""{"a":[{"$eval":"min"}]}"""), [], new WorkBudget()));
        Assert.Contains("uncalled functions", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Errors_name_where_in_the_template_they_happened()
    {
        var e = Assert.Throws<JsonETemplateException>(() =>
            JsonE.Render(TestJson.Parse("""{"a":[1,{"b c":{"$eval":"missing"}}]}"""), [], new WorkBudget()));

        Assert.Equal(JsonEErrorKind.Interpreter, e.Kind);
        Assert.Equal("""InterpreterError at template.a[1]["b c"]: unknown context value missing""", e.Message);
        Assert.Equal("unknown context value missing", e.Reason);
    }

    [Theory]
    [InlineData("""{"$eval":"1 +"}""", JsonEErrorKind.Syntax)]
    [InlineData("""{"$eval":"a = 1"}""", JsonEErrorKind.Syntax)]
    [InlineData("""{"$eval":"len(1)"}""", JsonEErrorKind.Builtin)]
    [InlineData("""{"$eval":"[1][2]"}""", JsonEErrorKind.Interpreter)]
    [InlineData("""{"$if":"true","$then":1}""", JsonEErrorKind.Template)]
    [InlineData("""{"$unknown":1}""", JsonEErrorKind.Template)]
    public void Each_kind_of_error_is_told_apart(string template, JsonEErrorKind kind)
    {
        Assert.Equal(kind, Assert.Throws<JsonETemplateException>(() => JsonE.Render(TestJson.Parse(template), [], new WorkBudget())).Kind);
    }

    [Fact]
    public void Context_names_must_be_identifiers()
    {
        var e = Assert.Throws<JsonETemplateException>(() => JsonE.Render(JsonValue.Create(1), TestJson.Object("""{"a-b":1}"""), new WorkBudget()));

        Assert.Equal(JsonEErrorKind.Template, e.Kind);
    }

    [Theory]
    [InlineData("${len(s)}", "3")]
    [InlineData("${s[1]}", "😀")]
    [InlineData("${s[-2:]}", "😀b")]
    public void Strings_are_indexed_by_code_point(string template, string expected)
    {
        var context = new JsonObject { ["s"] = "a😀b" };

        Assert.Equal(expected, JsonE.Render(JsonValue.Create(template), context, new WorkBudget())!.GetValue<string>());
    }

    [Fact]
    public void Json_sorts_keys_and_escapes_as_JSON_stringify_does()
    {
        var context = new JsonObject { ["v"] = new JsonObject { ["b"] = "q\"\n\u0001é", ["a"] = "\ud800" } };

        var result = JsonE.Render(TestJson.Parse("""{"$json":{"$eval":"v"}}"""), context, new WorkBudget());

        Assert.Equal("{\"a\":\"\\ud800\",\"b\":\"q\\\"\\n\\u0001é\"}", result!.GetValue<string>());
    }

    [Fact]
    public void A_value_used_twice_becomes_two_independent_nodes_and_the_inputs_are_untouched()
    {
        var context = TestJson.Object("""{"x":{"k":[1,2]}}""");
        var template = TestJson.Parse("""{"a":{"$eval":"x"},"b":{"$eval":"x"},"c":{"$mergeDeep":[{"$eval":"x"},{"k":[3]}]}}""");
        var before = (TestJson.Text(context), TestJson.Text(template));

        var result = JsonE.Render(template, context, new WorkBudget())!.AsObject();
        result["a"]!["k"]!.AsArray().Add(9);

        Assert.Equal("""{"a":{"k":[1,2,9]},"b":{"k":[1,2]},"c":{"k":[1,2,3]}}""", TestJson.Text(result));
        Assert.Equal(before, (TestJson.Text(context), TestJson.Text(template)));
    }

    [Fact]
    public void An_interpolation_stops_at_its_brace_whatever_follows()
    {
        var result = JsonE.Render(JsonValue.Create("${a} = #@! ${'}'}"), TestJson.Object("""{"a":1}"""), new WorkBudget());

        Assert.Equal("1 = #@! }", result!.GetValue<string>());
    }

    [Fact]
    public void A_template_that_deletes_itself_renders_null()
    {
        Assert.Null(JsonE.Render(TestJson.Parse("""{"$if":"false","then":1}"""), [], new WorkBudget()));
    }

    [Fact]
    public void Range_with_a_fractional_or_zero_step_is_refused()
    {
        foreach (var expression in new[] { "range(0, 5, 0)", "range(0, 5, 0.5)", "range(0.5, 5)" })
        {
            Assert.Equal(JsonEErrorKind.Builtin, Assert.Throws<JsonETemplateException>(() =>
                JsonE.Render(new JsonObject { ["$eval"] = expression }, [], new WorkBudget())).Kind);
        }
    }
}
