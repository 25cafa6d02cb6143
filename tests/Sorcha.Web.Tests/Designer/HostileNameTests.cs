using System.Text.Json.Nodes;
using Sorcha.Web.Designer;

namespace Sorcha.Web.Tests.Designer;

/// <summary>Names from untrusted authors render as text in every editor, the graph's outline, the problems and the diff.</summary>
public sealed class HostileNameTests : DesignerHarness
{
    private const string Script = "<script>window.__pwned=1</script>";
    private const string Image = "<img src=x onerror=\"window.__pwned=1\">";

    [Fact]
    public void Markup_in_titles_names_ids_and_schema_titles_is_text()
    {
        var draft = Sample("expense-approval");
        draft.Root["title"] = Script;
        ((JsonObject)draft.Participants[0]!)["name"] = Image;
        ((JsonObject)draft.Participants[1]!)["id"] = Script;
        var action = (JsonObject)draft.Actions[0]!;
        action["title"] = Image;
        action["dataSchema"] = new JsonObject
        {
            ["type"] = "object",
            ["properties"] = new JsonObject { ["x"] = new JsonObject { ["type"] = "string", ["title"] = Image + " field" } },
        };

        var cut = Open(draft);
        Assert.Empty(cut.FindAll("script"));
        Assert.Empty(cut.FindAll("img"));
        Assert.Contains(cut.FindAll("label"), l => l.TextContent.Trim() == Image + " field");
        Assert.Contains(cut.FindAll("button"), b => b.TextContent.Trim() == "1. " + Image);
        Assert.Contains(cut.FindAll("li"), l => l.TextContent.Contains(Image, StringComparison.Ordinal));
        Assert.Equal(Script, ByLabel(cut, "Blueprint title").GetAttribute("value"));
    }

    [Fact]
    public void Markup_in_a_diff_is_text()
    {
        var before = Sample("expense-approval").ToDocument();
        var after = before with { Title = Script, Participants = [.. before.Participants.Select((p, i) => i == 0 ? p with { Name = Image } : p)] };
        var cut = Context.Render<Sorcha.Web.Components.Designer.VersionDiffView>(ps => ps
            .Add(p => p.Changes, VersionDiff.Compare(before, after)).Add(p => p.From, 1).Add(p => p.To, 2));
        Assert.Empty(cut.FindAll("script"));
        Assert.Empty(cut.FindAll("img"));
        Assert.Contains("<img src=x onerror=", cut.Find("table").TextContent, StringComparison.Ordinal); // its quotes JSON-escaped
        Assert.Contains(Script, cut.Find("table").TextContent, StringComparison.Ordinal);
    }
}
