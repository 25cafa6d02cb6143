using Sorcha.Blueprint.Engine.Execution;

namespace Sorcha.Blueprint.Engine.Tests.Execution;

public class RoutingTests
{
    private const string Action = """
        {
          "id": "start", "title": "S", "sender": "alice", "dataSchema": true,
          "routes": [
            { "condition": { ">": [ { "var": "amount" }, 1000 ] }, "next": "end" },
            { "condition": { ">": [ { "var": "amount" }, 100 ] }, "next": null },
            { "condition": { ">": [ { "var": "amount" }, 10 ] }, "next": "start" }
          ]
        }
        """;

    [Theory]
    [InlineData("""{"amount":5000}""", RouteOutcome.Next, "end", "bob")]
    [InlineData("""{"amount":500}""", RouteOutcome.Finished, null, null)]
    [InlineData("""{"amount":50}""", RouteOutcome.Next, "start", "alice")]
    [InlineData("""{"amount":5}""", RouteOutcome.NoMatch, null, null)]
    [InlineData("""{}""", RouteOutcome.NoMatch, null, null)]
    [InlineData("""{"amount":"2000"}""", RouteOutcome.Next, "end", "bob")]
    public void Route_first_truthy_condition_wins(string data, RouteOutcome outcome, string? nextAction, string? nextParticipant)
    {
        var (blueprint, action) = TestBlueprints.SingleAction(Action);

        var result = new BlueprintEngine().Route(blueprint, action, TestJson.Parse(data));

        Assert.Equal(outcome, result.Outcome);
        Assert.Equal(nextAction, result.NextActionId);
        Assert.Equal(nextParticipant, result.NextParticipant);
    }

    [Fact]
    public void Route_earlier_match_shadows_later_unconditional_route()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""
            {"id":"start","title":"S","sender":"alice","dataSchema":true,
             "routes":[{"condition":true,"next":"end"},{"next":null}]}
            """);

        Assert.Equal("end", new BlueprintEngine().Route(blueprint, action, null).NextActionId);
    }

    [Fact]
    public void Route_without_condition_always_matches()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""{"id":"start","title":"S","sender":"alice","dataSchema":true,"routes":[{"next":"end"}]}""");

        var result = new BlueprintEngine().Route(blueprint, action, TestJson.Parse("{}"));

        Assert.Equal(RouteResult.To("end", "bob"), result);
    }

    [Fact]
    public void Route_no_routes_declared_finishes()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""{"id":"start","title":"S","sender":"alice","dataSchema":true}""");

        Assert.Equal(RouteResult.Finished, new BlueprintEngine().Route(blueprint, action, TestJson.Parse("{}")));
    }

    [Fact]
    public void Route_no_match_is_a_result_with_an_explanation()
    {
        var (blueprint, action) = TestBlueprints.SingleAction(Action);

        var result = new BlueprintEngine().Route(blueprint, action, TestJson.Parse("""{"amount":1}"""));

        Assert.True(result.IsNoMatch);
        Assert.Contains("start", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Route_conditions_use_json_logic_truthiness()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""
            {"id":"start","title":"S","sender":"alice","dataSchema":true,
             "routes":[{"condition":{"var":"tags"},"next":"end"},{"next":null}]}
            """);
        var engine = new BlueprintEngine();

        Assert.Equal(RouteOutcome.Finished, engine.Route(blueprint, action, TestJson.Parse("""{"tags":[]}""")).Outcome);
        Assert.Equal(RouteOutcome.Next, engine.Route(blueprint, action, TestJson.Parse("""{"tags":["x"]}""")).Outcome);
    }
}
