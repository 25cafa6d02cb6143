using System.Text.Json.Nodes;

namespace Sorcha.Web.Forms;

/// <summary>
/// Reads an action's JSON Schema (2020-12) into the <see cref="FieldSpec"/> tree the form draws: labels, kinds,
/// bounds, required rules. Pure and bounded: a hostile schema costs at most <see cref="MaxControls"/> fields, each
/// read to a depth of <see cref="MaxDepth"/>, with at most <see cref="MaxOptions"/> options, and whatever is beyond
/// a bound becomes a JSON editor instead (the engine still validates it, under its own work budget).
/// Validation never happens here: only layout. What the reader does not lay out is listed in Forms/README.md.
/// </summary>
public sealed partial class SchemaReader
{
    /// <summary>Nesting of fields (objects in arrays in objects…) laid out before the rest is a JSON editor.</summary>
    public const int MaxDepth = 16;

    /// <summary>Controls in one form; a hostile 10,000-property schema stops here, so a render stays small.</summary>
    public const int MaxControls = 500;

    /// <summary>Options of one choice; a huge enum becomes a JSON editor rather than a select nobody can use.</summary>
    public const int MaxOptions = 1000;

    /// <summary>A choice of this many options or fewer is radios; more, a select.</summary>
    public const int MaxRadios = 4;

    /// <summary>A string whose maxLength exceeds this is a textarea; shorter or unbounded strings are one-line inputs.</summary>
    public const int TextAreaFrom = 200;

    /// <summary>Rows of one array laid out; data holding more is shown in a JSON editor.</summary>
    public const int MaxRows = 100;

    // $ref → $ref → … followed at most this far (a cycle of refs ends here too).
    private const int MaxRefHops = 8;

    // Required rules (conditions, branches) read per form: each costs an engine evaluation on every change.
    private const int MaxRules = 256;

    private readonly JsonNode? _root;
    private int _controls;
    private int _rules;

    private SchemaReader(JsonNode? root) => _root = root;

    /// <summary>
    /// The form for a schema. The data is always an object, so the root is an object field; a schema that is absent,
    /// `true`, or describes no object the reader can lay out gives one JSON editor for the whole data.
    /// </summary>
    public static FieldSpec Read(JsonNode? schema)
    {
        var reader = new SchemaReader(schema);
        var root = reader.ReadField(schema, string.Empty, "data", 0);
        return root.Kind is FieldKind.Fieldset or FieldKind.Json
            ? root
            : Fallback(root.Label, root.Description, "the data is an object, and this schema describes another kind of value");
    }

    /// <summary>One part of the schema at <paramref name="location"/> (a pointer into the schema), named <paramref name="name"/> in its object.</summary>
    private FieldSpec ReadField(JsonNode? node, string location, string name, int depth)
    {
        var label = Words.FromName(name);
        if (node is not JsonObject start)
        {
            return Fallback(label, null, node is JsonValue v && v.TryGetValue(out bool b) && !b ? "no value is allowed here" : "any JSON value is allowed here");
        }

        var chain = new SchemaChain(_root, start, location);
        if (chain.Problem is null && Annotation(chain, "title") is { } title)
        {
            label = title;
        }

        var description = Annotation(chain, "description");
        if (chain.Problem is { } problem)
        {
            return Fallback(label, description, problem);
        }

        if (depth > MaxDepth || _controls >= MaxControls)
        {
            return Fallback(label, description, depth > MaxDepth
                ? $"it is nested deeper than the {MaxDepth} levels the form lays out"
                : $"the form lays out at most {MaxControls} fields");
        }

        _controls++;
        if (Unsupported(chain.Target, location.Length == 0) is { } why)
        {
            return Fallback(label, description, why);
        }

        var head = new FieldSpec
        {
            Kind = FieldKind.Json,
            Label = label,
            Description = description,
            ReadOnly = chain.Find("readOnly") is JsonValue ro && ro.TryGetValue(out bool isReadOnly) && isReadOnly,
            Default = chain.Find("default")?.DeepClone(),
        };
        return Layout(head, chain, depth);
    }

    private FieldSpec Layout(FieldSpec head, SchemaChain chain, int depth)
    {
        var schema = chain.Target;
        if (Choices(schema) is { } options)
        {
            return options.Count > MaxOptions
                ? Fallback(head, $"it has more than the {MaxOptions} options the form lists")
                : head with { Kind = FieldKind.Choice, Options = options, Radios = options.Count <= MaxRadios };
        }

        if (schema["const"] is JsonValue constant && constant.TryGetValue(out bool _))
        {
            return head with { Kind = FieldKind.Boolean };
        }

        return TypeOf(schema) switch
        {
            (null, { } problem) => Fallback(head, problem),
            ("object", _) => ObjectField(head, chain, depth),
            ("array", _) => ArrayField(head, chain, depth),
            ("string", _) => TextField(head, schema),
            ("number", _) => NumberField(head, schema, integer: false),
            ("integer", _) => NumberField(head, schema, integer: true),
            ("boolean", _) => head with { Kind = FieldKind.Boolean },
            _ => Fallback(head, "its type is not one the form lays out"),
        };
    }

    /// <summary>A title or description: the referring schema's wins over the one its $ref names. Text only, never markup.</summary>
    private static string? Annotation(SchemaChain chain, string keyword) =>
        chain.Find(keyword) is JsonValue v && v.TryGetValue(out string? text) && !string.IsNullOrWhiteSpace(text) ? text : null;

    private static FieldSpec Fallback(FieldSpec head, string reason) =>
        head with { Kind = FieldKind.Json, FallbackReason = reason };

    private static FieldSpec Fallback(string label, string? description, string reason) =>
        new() { Kind = FieldKind.Json, Label = label, Description = description, FallbackReason = reason };
}
