using System.Text.Json.Nodes;
using Sorcha.Web.Designer;

namespace Sorcha.Web.Tests.Designer;

/// <summary>Each editor changes its member of the document, and the engine's publish checks follow as the author types.</summary>
public sealed class EditorTests : DesignerHarness
{
    [Fact]
    public void A_bad_route_condition_is_a_problem_at_its_pointer_and_goes_when_fixed()
    {
        var draft = Sample("loan-application");
        var cut = Open(draft);
        Button(cut, "2. Underwriting decision").Click();

        ByLabel(cut, "Route 1 condition (JSON Logic)").Input("{ \"no-such-operator\": [1] }");
        Assert.Contains("/actions/1/routes/0/condition", ProblemPointers(cut).Select(p => p[..Math.Min(p.Length, 29)]));
        Assert.Contains(cut.FindAll("button"), b => b.GetAttribute("aria-label")?.StartsWith("Go to /actions/1/routes/0/condition", StringComparison.Ordinal) == true);

        ByLabel(cut, "Route 1 condition (JSON Logic)").Input("{ \"==\": [{ \"var\": \"decision\" }, \"approved\"] }");
        Assert.Empty(cut.Instance.Problems);
        Assert.Equal("approved", ActionOf(draft, "underwrite")["routes"]![0]!["condition"]!["=="]![1]!.GetValue<string>());
        Assert.Contains("No problems", cut.Markup, StringComparison.Ordinal);
    }

    [Fact]
    public void Text_that_is_not_json_stays_in_the_editor_and_the_document_keeps_its_last_good_value()
    {
        var draft = Sample("loan-application");
        var before = ActionOf(draft, "apply")["dataSchema"]!.ToJsonString();
        var cut = Open(draft);

        ByLabel(cut, "Data schema (JSON Schema 2020-12)").Input("{ \"type\": ");
        Assert.Contains("Not JSON:", cut.Markup, StringComparison.Ordinal);
        Assert.Equal(before, ActionOf(draft, "apply")["dataSchema"]!.ToJsonString());
    }

    [Fact]
    public void A_schema_field_added_in_the_editor_appears_in_the_form_preview()
    {
        var draft = Sample("expense-approval");
        var cut = Open(draft);
        var schema = (JsonObject)((JsonObject)draft.Actions[0]!)["dataSchema"]!.DeepClone();
        schema["properties"]!["referralCode"] = new JsonObject { ["type"] = "string", ["title"] = "Referral code" };

        ByLabel(cut, "Data schema (JSON Schema 2020-12)").Input(schema.ToJsonString());
        Assert.Contains(cut.FindAll("label"), l => l.TextContent.Trim() == "Referral code");
        Assert.Equal("Referral code", ((JsonObject)draft.Actions[0]!)["dataSchema"]!["properties"]!["referralCode"]!["title"]!.GetValue<string>());
    }

    [Fact]
    public void A_sender_that_is_no_participant_is_a_problem_at_the_sender()
    {
        var draft = Sample("expense-approval");
        var cut = Open(draft);
        ByLabel(cut, "Participant 1 id").Input("someone-else");
        Assert.Contains("/actions/0/sender", ProblemPointers(cut));
        Assert.Contains(cut.FindAll("option"), o => o.TextContent.Contains("(not defined)", StringComparison.Ordinal));
    }

    [Fact]
    public void Participants_routes_disclosures_and_rejection_are_added_and_removed()
    {
        var draft = Sample("expense-approval");
        var cut = Open(draft);
        var participants = draft.Participants.Count;
        Button(cut, "Add participant").Click();
        Assert.Equal(participants + 1, draft.Participants.Count);
        Button(cut, $"Remove participant {participants + 1}").Click();
        Assert.Equal(participants, draft.Participants.Count);

        var action = (JsonObject)draft.Actions[0]!;
        var routes = (action["routes"] as JsonArray)?.Count ?? 0;
        Button(cut, "Add route").Click();
        Assert.Equal(routes + 1, ((JsonArray)action["routes"]!).Count);

        Button(cut, "Add disclosure").Click();
        var disclosures = ((JsonArray)action["disclosures"]!).Count;
        ByLabel(cut, $"Disclosure {disclosures} pointers (one per line)").Input("/amount\n/reason");
        Assert.Equal(["/amount", "/reason"], ((JsonArray)action["disclosures"]![disclosures - 1]!["pointers"]!).Select(p => p!.GetValue<string>()));

        var rejectable = action["rejection"] is not null;
        ByLabel(cut, "The participant may reject this action").Change(!rejectable);
        Assert.Equal(!rejectable, action["rejection"] is JsonObject);
    }

    [Fact]
    public void An_action_no_route_reaches_is_a_problem_and_is_flagged_on_the_graph()
    {
        var draft = Sample("loan-application");
        var cut = Open(draft);
        Button(cut, "Add action").Click();
        Assert.Contains("/actions/5", ProblemPointers(cut));
        var outline = cut.Find("ol[aria-label='Actions and routes']");
        Assert.Contains("unreachable", outline.Children[^1].TextContent, StringComparison.Ordinal);
        Assert.Contains("first action", outline.Children[0].TextContent, StringComparison.Ordinal);
    }

    [Fact]
    public void A_published_version_opens_read_only()
    {
        var cut = Open(Sample("expense-approval"), readOnly: true);
        Assert.True(ByLabel(cut, "Blueprint title").HasAttribute("readonly"));
        Assert.True(ByLabel(cut, "Sender").HasAttribute("disabled"));
        Assert.DoesNotContain(cut.FindAll("button"), b => b.TextContent.Trim() is "Add action" or "Add participant" or "Add route");
    }
}
