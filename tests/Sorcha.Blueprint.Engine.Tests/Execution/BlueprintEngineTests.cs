using Sorcha.Blueprint.Engine.Execution;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Tests.Execution;

public class BlueprintEngineTests
{
    [Fact]
    public void Validate_invalid_data_lists_every_error()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""
            {"id":"start","title":"S","sender":"alice",
             "dataSchema":{"type":"object","required":["amount","currency"],"properties":{"amount":{"type":"number"},"note":{"maxLength":3}}}}
            """);

        var result = new BlueprintEngine().Validate(blueprint, action, TestJson.Parse("""{"amount":"ten","note":"too long"}"""));

        Assert.False(result.Valid);
        Assert.Equal(["/amount", "/currency", "/note"], result.Errors.Select(e => e.Pointer).Order(StringComparer.Ordinal).ToArray());
    }

    [Fact]
    public void Validate_valid_data_is_valid_with_no_errors()
    {
        var blueprint = TestBlueprints.Minimal();

        var result = new BlueprintEngine().Validate(blueprint, blueprint.Actions[0], TestJson.Parse("""{"amount":5}"""));

        Assert.Equal(DataValidationResult.Success, result);
    }

    [Fact]
    public void Process_valid_data_runs_calculate_route_and_disclose_on_calculated_data()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""
            {"id":"start","title":"S","sender":"alice","dataSchema":{"type":"object"},
             "calculations":{"total":{"*":[{"var":"amount"},2]}},
             "routes":[{"condition":{">":[{"var":"total"},100]},"next":"end"},{"next":null}],
             "disclosures":[{"participant":"bob","pointers":["/total"]}]}
            """);

        var result = new BlueprintEngine().Process(blueprint, action, TestJson.Parse("""{"amount":60}"""));

        Assert.True(result.Valid);
        Assert.Equal("""{"amount":60,"total":120}""", result.Data!.ToJsonString());
        Assert.Equal(RouteResult.To("end", "bob"), result.Route);
        Assert.Equal("""{"total":120}""", result.Disclosures!["bob"].ToJsonString());
    }

    [Fact]
    public void Process_invalid_data_stops_after_validation()
    {
        var blueprint = TestBlueprints.Minimal();

        var result = new BlueprintEngine().Process(blueprint, blueprint.Actions[0], TestJson.Parse("""{"amount":"x"}"""));

        Assert.False(result.Valid);
        Assert.Null(result.Data);
        Assert.Null(result.Route);
        Assert.Null(result.Disclosures);
    }

    [Fact]
    public void Find_action_unknown_id_returns_null() =>
        Assert.Null(TestBlueprints.Minimal().FindAction("nope"));
}
