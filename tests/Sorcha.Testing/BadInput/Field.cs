namespace Sorcha.Testing.BadInput;

public enum FieldKind
{
    /// <summary>A string with rules (ids, names, addresses): empty, huge and wrong types are refused.</summary>
    Text,

    /// <summary>Standard base64 with padding: malformed encodings and wrong types are refused.</summary>
    Base64,

    /// <summary>A JSON object (a map or a nested document): scalars and arrays are refused.</summary>
    Document,

    /// <summary>Any JSON value (a payload, action data): only what no JSON reader here accepts is refused.</summary>
    Any,
}

/// <summary>A top-level member of a route's body and how to break it; <see cref="Missing"/>: the answer when left out.</summary>
public sealed record Field(string Name, FieldKind Kind, bool Required = true)
{
    public int[] Missing { get; init; } = [400];

    /// <summary>What a wrong value gets; a signed transaction, for one, may be well-formed but refused (422).</summary>
    public int[] Wrong { get; init; } = [400];
}
