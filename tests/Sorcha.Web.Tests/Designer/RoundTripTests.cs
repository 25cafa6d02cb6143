using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Web.Designer;

namespace Sorcha.Web.Tests.Designer;

/// <summary>Nothing is dropped: a document opened in the designer (every action shown) and saved unchanged says what it said.</summary>
public sealed class RoundTripTests : DesignerHarness
{
    public static TheoryData<string> SampleNames => [.. Samples.Names];

    [Theory]
    [MemberData(nameof(SampleNames))]
    public void Every_sample_opened_and_saved_unchanged_reads_back_equal(string name)
    {
        var original = Samples.Blueprint(name);
        var draft = new BlueprintDraft((JsonObject)original.DeepClone());
        var cut = Open(draft);
        for (var i = 0; i < draft.Actions.Count; i++)
        {
            Button(cut, $"{i + 1}. {BlueprintDraft.Text(draft.Actions[i] as JsonObject, "title")}").Click();
        }

        // What the page sends (PUT /api/blueprints/{id}), as JSON.
        var saved = JsonSerializer.SerializeToNode(draft.ToDocument(), SorchaJsonContext.Default.BlueprintDocument);
        Assert.Null(JsonMeaning.FirstDifference(original, saved));
        Assert.Empty(cut.Instance.Problems);
    }

    [Fact]
    public void A_changed_document_does_not_read_back_equal()
    {
        var original = Samples.Blueprint("loan-application");
        var draft = new BlueprintDraft((JsonObject)original.DeepClone());
        ActionOf(draft, "underwrite")["routes"]![0]!["next"] = "accept";
        var saved = JsonSerializer.SerializeToNode(draft.ToDocument(), SorchaJsonContext.Default.BlueprintDocument);
        Assert.Equal("/actions/1/routes/0/next", JsonMeaning.FirstDifference(original, saved));
    }

    [Fact]
    public void A_member_the_contract_does_not_know_is_a_problem_at_its_pointer_not_lost_silently()
    {
        var draft = Sample("expense-approval");
        ((JsonObject)draft.Actions[0]!)["colour"] = "red";
        var problem = Assert.Single(DraftChecks.Run(draft));
        Assert.Equal("/actions/0/colour", problem.Pointer);
    }

    [Fact]
    public void A_member_of_the_wrong_type_is_a_problem_not_an_exception()
    {
        var draft = Sample("expense-approval");
        draft.Root["participants"] = "everyone";
        Assert.Equal("/participants", Assert.Single(DraftChecks.Run(draft)).Pointer);
    }
}
