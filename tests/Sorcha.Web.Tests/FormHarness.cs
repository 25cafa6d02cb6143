using System.Text.Json.Nodes;
using AngleSharp.Dom;
using Sorcha.Web.Forms;

namespace Sorcha.Web.Tests;

/// <summary>Renders a <see cref="SchemaForm"/> and finds its controls the way a person (and a screen reader) does: by label or legend.</summary>
public abstract class FormHarness : IDisposable
{
    protected BunitContext Context { get; } = new();

    protected IRenderedComponent<SchemaForm> Render(string schema, JsonObject? data = null, Action<ComponentParameterCollectionBuilder<SchemaForm>>? more = null) =>
        Render(JsonNode.Parse(schema), data ?? [], more);

    protected IRenderedComponent<SchemaForm> Render(JsonNode? schema, JsonObject data, Action<ComponentParameterCollectionBuilder<SchemaForm>>? more = null) =>
        Context.Render<SchemaForm>(ps =>
        {
            ps.Add(p => p.Schema, schema).Add(p => p.Data, data);
            more?.Invoke(ps);
        });

    /// <summary>The control a label names (its text without the required mark), through the label's for attribute.</summary>
    protected static IElement ByLabel(IRenderedComponent<SchemaForm> cut, string text)
    {
        var labels = cut.FindAll("label").Where(l => Name(l) == text).ToList();
        Assert.True(labels.Count == 1, $"expected one label '{text}', found {labels.Count} in {cut.Markup}");
        var id = labels[0].GetAttribute("for");
        Assert.False(string.IsNullOrEmpty(id));
        return cut.Find("#" + id);
    }

    /// <summary>The fieldset a legend names (radios, nested objects, arrays).</summary>
    protected static IElement ByLegend(IRenderedComponent<SchemaForm> cut, string text)
    {
        var legends = cut.FindAll("legend").Where(l => Name(l) == text).ToList();
        Assert.True(legends.Count == 1, $"expected one legend '{text}', found {legends.Count} in {cut.Markup}");
        return legends[0].ParentElement!;
    }

    /// <summary>Validate() as the step page calls it, on the renderer's dispatcher.</summary>
    protected static Task<bool> ValidateAsync(IRenderedComponent<SchemaForm> cut) => cut.InvokeAsync(() => cut.Instance.Validate());

    protected static bool HasLabel(IRenderedComponent<SchemaForm> cut, string text) =>
        cut.FindAll("label, legend").Any(l => Name(l) == text);

    /// <summary>The texts of the elements aria-describedby names (help and messages).</summary>
    protected static string Described(IRenderedComponent<SchemaForm> cut, IElement control) =>
        string.Join(" | ", (control.GetAttribute("aria-describedby") ?? "").Split(' ', StringSplitOptions.RemoveEmptyEntries)
            .Select(id => cut.Find("#" + id).TextContent.Trim()));

    protected static bool IsMarkedRequired(IElement control) =>
        control.GetAttribute("aria-required") == "true"
        || (control.TagName == "FIELDSET" && control.QuerySelector("legend")?.TextContent.Contains("(required)", StringComparison.Ordinal) == true);

    protected static string Name(IElement label) =>
        string.Join(' ', label.TextContent.Replace("*", "", StringComparison.Ordinal).Replace("(required)", "", StringComparison.Ordinal).Split((char[])[' ', '\n', '\r', '\t'], StringSplitOptions.RemoveEmptyEntries));

    public void Dispose()
    {
        Context.Dispose();
        GC.SuppressFinalize(this);
    }
}
