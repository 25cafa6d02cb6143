using System.Text.Json.Nodes;
using Sorcha.Contracts.Blueprints;
using Sorcha.Web.Components.Designer;
using Sorcha.Web.Designer;

namespace Sorcha.Web.Tests.Designer;

/// <summary>The diff of two versions: actions added, removed and changed, each member apart, shown side by side.</summary>
public sealed class DiffTests : DesignerHarness
{
    [Fact]
    public void The_same_document_has_no_changes()
    {
        var document = Sample("loan-application").ToDocument();
        Assert.Empty(VersionDiff.Compare(document, Sample("loan-application").ToDocument()));
    }

    [Fact]
    public void A_changed_condition_schema_and_disclosure_are_each_a_row_of_their_action()
    {
        var draft = Sample("loan-application");
        ActionOf(draft, "underwrite")["routes"]![0]!["condition"] = JsonNode.Parse("""{ "==": [{ "var": "decision" }, "approved"] }""");
        ActionOf(draft, "apply")["dataSchema"]!["properties"]!["referralCode"] = new JsonObject { ["type"] = "string" };
        ActionOf(draft, "offer")["disclosures"]!.AsArray().RemoveAt(2);

        var changes = VersionDiff.Compare(Sample("loan-application").ToDocument(), draft.ToDocument());

        Assert.Equal(
            [("Action apply", "dataSchema/properties/referralCode", ChangeKind.Added), ("Action underwrite", "routes", ChangeKind.Changed),
                ("Action offer", "disclosures", ChangeKind.Changed)],
            changes.Select(c => (c.Subject, c.Member, c.Kind)));
        Assert.Contains("approved", changes[1].After!.ToJsonString(), StringComparison.Ordinal);
        Assert.DoesNotContain("approved", changes[1].Before!.ToJsonString(), StringComparison.Ordinal);
    }

    [Fact]
    public void Actions_and_participants_added_and_removed_are_named()
    {
        var before = Sample("loan-application").ToDocument();
        var after = before with
        {
            Actions = [.. before.Actions.Where(a => a.Id != "disburse"), new BlueprintAction { Id = "audit", Title = "Audit", Sender = "bank" }],
            Participants = [.. before.Participants, new Participant { Id = "auditor", Name = "Auditor" }],
        };

        var changes = VersionDiff.Compare(before, after);

        Assert.Contains(changes, c => c is { Kind: ChangeKind.Removed, Subject: "Action disburse" });
        Assert.Contains(changes, c => c is { Kind: ChangeKind.Added, Subject: "Action audit" });
        Assert.Contains(changes, c => c is { Kind: ChangeKind.Added, Subject: "Participant auditor" });
    }

    [Fact]
    public void The_view_shows_both_sides_of_each_change()
    {
        var before = Sample("expense-approval").ToDocument();
        var after = before with { Title = "Expenses, second edition" };
        var cut = Context.Render<VersionDiffView>(ps => ps.Add(p => p.Changes, VersionDiff.Compare(before, after)).Add(p => p.From, 1).Add(p => p.To, 2));

        var row = Assert.Single(cut.FindAll("tbody tr"));
        Assert.Equal("Blueprint: title changed", row.QuerySelector("th")!.TextContent.Trim());
        Assert.Equal($"\"{before.Title}\"", row.QuerySelectorAll("td")[0].TextContent.Trim());
        Assert.Equal("\"Expenses, second edition\"", row.QuerySelectorAll("td")[1].TextContent.Trim());
        Assert.Equal(["Change", "Version 1", "Version 2"], cut.FindAll("thead th").Select(h => h.TextContent.Trim()));
    }
}
