namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// A JSON-e array value. Values are never changed once built, so they are shared freely between the context, the
/// scopes and the result; the depth is known at construction, so no later walk over a value can recurse too deep.
/// </summary>
internal sealed class JeArray
{
    public JeArray(List<object?> items)
    {
        Items = items;
        Depth = 1 + JeValues.MaxDepthOf(items);
        JeValues.CheckDepth(Depth);
    }

    public List<object?> Items { get; }

    public int Depth { get; }

    public int Count => Items.Count;
}
