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
    public void Calculate_missing_inputs_give_null_not_an_exception()
    {
        var (blueprint, action) = TestBlueprints.SingleAction(Invoice);

        var result = new BlueprintEngine().Calculate(blueprint, action, TestJson.Parse("{}"));

        // "*" and "+" use parseFloat, for which a missing value is NaN; NaN has no JSON form, so the field is null.
        Assert.Equal("""{"net":null,"tax":null,"total":null,"band":"small"}""", result.ToJsonString());
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
