using Sorcha.Blueprint.Engine.Execution;

namespace Sorcha.Blueprint.Engine.Tests.Execution;

public class CalculationTests
{
    private const string Invoice = """
        {
          "id": "start", "title": "S", "sender": "alice", "dataSchema": true,
          "calculations": {
            "net": { "*": [ { "var": "unitPrice" }, { "var": "quantity" } ] },
            "tax": { "*": [ { "var": "net" }, 0.2 ] },
            "total": { "+": [ { "var": "net" }, { "var": "tax" } ] },
            "band": { "if": [ { ">": [ { "var": "total" }, 100 ] }, "large", "small" ] }
          }
        }
        """;

    [Fact]
    public void Calculate_adds_fields_in_order_later_ones_see_earlier_results()
    {
        var (blueprint, action) = TestBlueprints.SingleAction(Invoice);

        var result = new BlueprintEngine().Calculate(blueprint, action, TestJson.Parse("""{"unitPrice":19.99,"quantity":5,"note":"x"}"""));

        Assert.Equal("""{"unitPrice":19.99,"quantity":5,"note":"x","net":99.95,"tax":19.99,"total":119.94,"band":"large"}""", result.ToJsonString());
    }

    [Fact]
    public void Calculate_does_not_mutate_the_input()
    {
        var (blueprint, action) = TestBlueprints.SingleAction(Invoice);
        var data = TestJson.Object("""{"unitPrice":1,"quantity":1}""");

        new BlueprintEngine().Calculate(blueprint, action, data);

        Assert.Equal("""{"unitPrice":1,"quantity":1}""", data.ToJsonString());
    }

    [Fact]
    public void Calculate_overwrites_a_submitted_field_of_the_same_name()
    {
        var (blueprint, action) = TestBlueprints.SingleAction(Invoice);

        var result = new BlueprintEngine().Calculate(blueprint, action, TestJson.Parse("""{"unitPrice":2,"quantity":3,"total":1}"""));

        Assert.Equal(7.2m, result["total"]!.GetValue<decimal>());
    }

    [Fact]
    public void Calculate_missing_inputs_count_as_zero()
    {
        var (blueprint, action) = TestBlueprints.SingleAction(Invoice);

        var result = new BlueprintEngine().Calculate(blueprint, action, TestJson.Parse("{}"));

        // Arithmetic reads null as 0 (JS Number(null)), as the compat suites expect; an input that must be there is
        // the schema's "required", which Process checks before anything is calculated or recorded.
        Assert.Equal("""{"net":0,"tax":0,"total":0,"band":"small"}""", result.ToJsonString());
    }

    [Fact]
    public void Calculate_that_fails_is_a_problem_at_the_calculation_not_a_null()
    {
        var (blueprint, action) = TestBlueprints.SingleAction(
            """{"id":"start","title":"S","sender":"alice","dataSchema":true,"calculations":{"share":{"/":[{"var":"total"},{"var":"people"}]}}}""");

        var e = Assert.Throws<InvalidBlueprintException>(() => new BlueprintEngine().Calculate(blueprint, action, TestJson.Parse("""{"total":10,"people":0}""")));

        var problem = Assert.Single(e.Problems);
        Assert.Equal("/actions/0/calculations/share/~1", problem.Pointer);
        Assert.Contains("NaN", problem.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Calculate_non_object_data_is_treated_as_empty_object()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""{"id":"start","title":"S","sender":"alice","dataSchema":true,"calculations":{"one":1}}""");

        var result = new BlueprintEngine().Calculate(blueprint, action, TestJson.Parse("[1,2]"));

        Assert.Equal("""{"one":1}""", result.ToJsonString());
    }

    [Fact]
    public void Calculate_no_calculations_returns_a_copy_of_the_data()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""{"id":"start","title":"S","sender":"alice","dataSchema":true}""");
        var data = TestJson.Object("""{"a":{"b":1}}""");

        var result = new BlueprintEngine().Calculate(blueprint, action, data);

        Assert.Equal(data.ToJsonString(), result.ToJsonString());
        Assert.NotSame(data, result);
    }

    [Fact]
    public void Calculate_can_copy_an_object_from_the_data()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""{"id":"start","title":"S","sender":"alice","dataSchema":true,"calculations":{"copy":{"var":"a"},"all":{"var":""}}}""");

        var result = new BlueprintEngine().Calculate(blueprint, action, TestJson.Parse("""{"a":{"b":1}}"""));

        Assert.Equal("""{"a":{"b":1},"copy":{"b":1},"all":{"a":{"b":1},"copy":{"b":1}}}""", result.ToJsonString());
    }
}
