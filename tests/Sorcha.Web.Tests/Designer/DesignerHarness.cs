using System.Text.Json.Nodes;
using AngleSharp.Dom;
using Blazor.Diagrams.Core.Geometry;
using Microsoft.Extensions.DependencyInjection;
using MudBlazor.Services;
using Sorcha.Web.Components.Designer;
using Sorcha.Web.Designer;

namespace Sorcha.Web.Tests.Designer;

/// <summary>
/// Renders the designer (<see cref="BlueprintEditor"/>) on a document, with MudBlazor's services and the script calls
/// answered loosely (the graph measures its canvas; nothing here needs an answer), the checks run without a pause.
/// </summary>
public abstract class DesignerHarness : IAsyncLifetime
{
    protected DesignerHarness()
    {
        Context.Services.AddMudServices();
        Context.JSInterop.Mode = JSRuntimeMode.Loose;
        Context.JSInterop.Setup<Rectangle>("ZBlazorDiagrams.getBoundingClientRect", _ => true).SetResult(new Rectangle(0, 0, 800, 400));
    }

    protected BunitContext Context { get; } = new();

    protected IRenderedComponent<BlueprintEditor> Open(BlueprintDraft draft, bool readOnly = false) =>
        Context.Render<BlueprintEditor>(ps => ps.Add(p => p.Draft, draft).Add(p => p.ReadOnly, readOnly).Add(p => p.Debounce, TimeSpan.Zero));

    /// <summary>The control a label names, through the label's for attribute.</summary>
    protected static IElement ByLabel(IRenderedComponent<BlueprintEditor> cut, string text)
    {
        var labels = cut.FindAll("label").Where(l => l.TextContent.Trim() == text).ToList();
        Assert.True(labels.Count == 1, $"expected one label '{text}', found {labels.Count}");
        return cut.Find("#" + labels[0].GetAttribute("for"));
    }

    protected static IElement Button(IRenderedComponent<BlueprintEditor> cut, string text) =>
        cut.FindAll("button").Single(b => b.TextContent.Trim() == text);

    protected static IReadOnlyList<string> ProblemPointers(IRenderedComponent<BlueprintEditor> cut) =>
        [.. cut.Instance.Problems.Select(p => p.Pointer)];

    protected static BlueprintDraft Sample(string name) => new(Samples.Blueprint(name));

    protected static JsonObject ActionOf(BlueprintDraft draft, string id) =>
        draft.Actions.OfType<JsonObject>().Single(a => BlueprintDraft.Text(a, "id") == id);

    public Task InitializeAsync() => Task.CompletedTask;

    // MudBlazor's services are only asynchronously disposable.
    public async Task DisposeAsync() => await Context.DisposeAsync();
}
