using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Contracts.Templates;
using Sorcha.Web.Designer;

namespace Sorcha.Web.Tests.Designer;

/// <summary>The layered layout, and a template's preview worked out in the page.</summary>
public sealed class GraphAndTemplateTests
{
    [Fact]
    public void Actions_are_layered_by_their_distance_from_the_first_and_a_loop_back_does_not_move_them()
    {
        var (actions, edges) = ActionGraph.Lay(new BlueprintDraft(Samples.Blueprint("loan-application")));

        Assert.Equal([("apply", 0), ("underwrite", 1), ("offer", 2), ("accept", 3), ("disburse", 4)], actions.Select(a => (a.Id, a.Layer)));
        Assert.True(actions[0].First);
        Assert.All(actions, a => Assert.True(a.Reachable));
        Assert.Contains(edges, e => e is { From: "underwrite", To: "underwrite" });
        Assert.Contains(edges, e => e.From == "apply" && e.Label == "always");
    }

    [Fact]
    public void Actions_no_route_reaches_share_a_last_layer_and_are_flagged()
    {
        var document = Samples.Blueprint("loan-application");
        document["actions"]![0]!["routes"] = new JsonArray();
        var (actions, _) = ActionGraph.Lay(new BlueprintDraft(document));

        Assert.All(actions.Skip(1), a => Assert.False(a.Reachable));
        Assert.All(actions.Skip(1), a => Assert.Equal(1, a.Layer));
        Assert.Equal([0, 1, 2, 3], actions.Skip(1).Select(a => a.Row));
    }

    [Fact]
    public void The_loan_template_previews_as_a_blueprint_without_problems_named_by_its_parameters()
    {
        var (result, problems) = TemplatePreview.Render(Template(), Parameters());

        Assert.Empty(problems);
        Assert.Equal("Personal loan application", BlueprintDraft.Text(result!.Root, "title"));
        Assert.Contains(result.Participants.OfType<JsonObject>(), p => BlueprintDraft.Text(p, "name") == "Lending bank");
    }

    [Fact]
    public void Parameters_outside_their_schema_are_problems_under_parameters()
    {
        var parameters = Parameters();
        parameters["maxDebtToIncome"] = 5;
        var (_, problems) = TemplatePreview.Render(Template(), parameters);
        Assert.Contains(problems, p => p.Pointer == "/parameters/maxDebtToIncome");
    }

    private static TemplateDto Template()
    {
        var json = JsonNode.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "templates", "loan-application.json")))!;
        return new("t1", json["title"]!.GetValue<string>(), null, json["parameters"]!.DeepClone(), json["template"]!.DeepClone().AsObject(), DateTimeOffset.UnixEpoch);
    }

    private static JsonObject Parameters() =>
        JsonNode.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "templates", "loan-application.parameters.json")))!["parameters"]!.DeepClone().AsObject();
}
