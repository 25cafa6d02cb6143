using System.Text.Json.Nodes;

namespace Sorcha.Web.Forms;

/// <summary>What a part of the schema becomes on screen.</summary>
public enum FieldKind
{
    /// <summary>A fieldset of the object's properties (the root object has no fieldset of its own).</summary>
    Fieldset,

    /// <summary>Rows added and removed within minItems/maxItems, each row the item schema's field.</summary>
    Array,

    /// <summary>A select, or radios for at most <see cref="SchemaReader.MaxRadios"/> options.</summary>
    Choice,

    /// <summary>A checkbox.</summary>
    Boolean,

    /// <summary>An input (text, date, datetime-local, email, url) or a textarea for long text.</summary>
    Text,

    /// <summary>A number input with min, max and step.</summary>
    Number,

    /// <summary>The fallback: a textarea holding this part's JSON value.</summary>
    Json,
}

/// <summary>One option of a choice: the JSON value it stands for and the text shown (the branch's title, else the value).</summary>
public sealed record ChoiceOption(JsonNode? Value, string Text);

/// <summary>A property of an object field, in the schema's order.</summary>
public sealed record PropertySpec(string Name, FieldSpec Field);

/// <summary>
/// The layout decision for one part of the schema, made once by <see cref="SchemaReader"/> (pure, no UI); the
/// components only draw it. Members that do not apply to the <see cref="Kind"/> are left at their defaults.
/// </summary>
public sealed record FieldSpec
{
    public required FieldKind Kind { get; init; }

    public required string Label { get; init; }

    public string? Description { get; init; }

    public bool ReadOnly { get; init; }

    /// <summary>The schema's default, prefilled when the key is absent at first render.</summary>
    public JsonNode? Default { get; init; }

    /// <summary>For <see cref="FieldKind.Text"/>: the input type ("text", "date", "datetime-local", "email", "url").</summary>
    public string InputType { get; init; } = "text";

    /// <summary>For <see cref="FieldKind.Text"/>: a textarea (maxLength over <see cref="SchemaReader.TextAreaFrom"/>).</summary>
    public bool Multiline { get; init; }

    /// <summary>For <see cref="FieldKind.Number"/>: integers are written as JSON integers.</summary>
    public bool WholeNumber { get; init; }

    public string? Min { get; init; }

    public string? Max { get; init; }

    public string Step { get; init; } = "any";

    public IReadOnlyList<ChoiceOption> Options { get; init; } = [];

    public bool Radios { get; init; }

    public IReadOnlyList<PropertySpec> Properties { get; init; } = [];

    /// <summary>For <see cref="FieldKind.Fieldset"/>: what makes a property required, evaluated against the data as it changes.</summary>
    public RequiredRule Rules { get; init; } = RequiredRule.None;

    public FieldSpec? Items { get; init; }

    public int MinItems { get; init; }

    public int? MaxItems { get; init; }

    /// <summary>For <see cref="FieldKind.Json"/>: why this part is not laid out (shown as help beside the editor).</summary>
    public string? FallbackReason { get; init; }
}
