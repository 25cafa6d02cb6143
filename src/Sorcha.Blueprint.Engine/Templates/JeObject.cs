namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>A JSON-e object value: immutable once built, like <see cref="JeArray"/>; properties keep their insertion order.</summary>
internal sealed class JeObject
{
    /// <summary>
    /// What an operator that yields nothing returns ($if without else, $switch without a match): an object, as in the
    /// reference implementation, so that checks for "an object" accept it, and dropped by identity where it lands.
    /// </summary>
    public static readonly JeObject Deleted = new(new Dictionary<string, object?>(StringComparer.Ordinal));

    public JeObject(Dictionary<string, object?> properties)
    {
        Properties = properties;
        Depth = 1 + JeValues.MaxDepthOf(properties.Values);
        JeValues.CheckDepth(Depth);
    }

    public Dictionary<string, object?> Properties { get; }

    public int Depth { get; }
}
