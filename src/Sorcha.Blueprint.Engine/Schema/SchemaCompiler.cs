using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;
using Sorcha.Blueprint.Engine.Schema.Keywords;
using Sorcha.Blueprint.Engine.Schema.Resources;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// Turns a schema document into a tree of <see cref="SchemaNode"/>s in one pass, recording every structural problem
/// (pointer into the schema + message) instead of stopping at the first, so publishing can report them all.
/// </summary>
internal sealed partial class SchemaCompiler
{
    internal const string Draft202012 = "https://json-schema.org/draft/2020-12/schema";

    // Each factory reads the keyword(s) it owns from a schema object; unknown keywords are ignored per the spec.
    private static readonly Func<JsonObject, string, SchemaCompiler, IKeyword?>[] Factories =
    [
        RefKeyword.Create,
        DynamicRefKeyword.Create,
        TypeKeyword.Create,
        EnumKeyword.Create,
        ConstKeyword.Create,
        PropertiesKeyword.Create,
        RequiredKeyword.Create,
        PropertyNamesKeyword.Create,
        PropertyCountKeyword.Create,
        DependentRequiredKeyword.Create,
        DependentSchemasKeyword.Create,
        ItemsKeyword.Create,
        ContainsKeyword.Create,
        ItemCountKeyword.Create,
        UniqueItemsKeyword.Create,
        LengthKeyword.Create,
        PatternKeyword.Create,
        RangeKeyword.Create,
        MultipleOfKeyword.Create,
        AllOfKeyword.Create,
        AnyOfKeyword.Create,
        OneOfKeyword.Create,
        NotKeyword.Create,
        ConditionalKeyword.Create,
        FormatKeyword.Create,

        // Last: they look at what the keywords above (and their subschemas) evaluated.
        UnevaluatedKeyword.CreateProperties,
        UnevaluatedKeyword.CreateItems,
    ];

    private readonly SchemaRegistry _registry;
    private readonly SchemaIndex _index = new();
    private readonly List<ValidationError> _problems = [];
    private readonly Dictionary<string, SchemaNode> _byPointer = new(StringComparer.Ordinal);
    private readonly Queue<(IReference Keyword, string Pointer, string BaseUri)> _pendingRefs = new();
    private readonly List<DynamicRefKeyword> _dynamicRefs = [];
    private string _base = SchemaUri.DefaultBase;

    private SchemaCompiler(SchemaRegistry registry) => _registry = registry;

    /// <summary>The base URI of the schema being compiled, against which its $ref values resolve.</summary>
    public string BaseUri => _base;

    public static (SchemaNode Root, bool Dynamic, IReadOnlyList<ValidationError> Problems) Compile(JsonNode? schema, SchemaRegistry? registry)
    {
        var compiler = new SchemaCompiler(registry ?? new SchemaRegistry());
        compiler.CheckDialect(schema, string.Empty);
        compiler._index.AddDocument(SchemaUri.DefaultBase, schema, string.Empty);
        var root = compiler.CompileSubschema(schema, string.Empty);
        compiler.ResolveRefs();
        compiler.RejectCyclesWithoutProgress();
        foreach (var (key, message) in compiler._index.Problems)
        {
            compiler.Problem(key, message);
        }

        return (root, compiler._dynamicRefs.Count > 0, compiler._problems);
    }

    public void Problem(string pointer, string message) => _problems.Add(new ValidationError(pointer, message));

    public SchemaNode CompileSubschema(JsonNode? node, string pointer, string? baseUri = null)
    {
        if (_byPointer.TryGetValue(pointer, out var existing))
        {
            return existing;
        }

        var outer = _base;
        _base = _index.At(pointer)?.BaseUri ?? baseUri ?? _base;
        try
        {
            return CompileAt(node, pointer);
        }
        finally
        {
            _base = outer;
        }
    }

    private SchemaNode CompileAt(JsonNode? node, string pointer)
    {
        switch (JsonEquality.KindOf(node))
        {
            case JsonValueKind.True:
                return _byPointer[pointer] = SchemaNode.True;
            case JsonValueKind.False:
                return _byPointer[pointer] = SchemaNode.False;
            case JsonValueKind.Object:
                break;
            default:
                Problem(pointer, "a schema must be an object or a boolean");
                return _byPointer[pointer] = SchemaNode.True;
        }

        var schema = node!.AsObject();
        var compiled = SchemaNode.CreateObject(_base);
        _byPointer[pointer] = compiled;
        if (pointer.Length > 0)
        {
            CheckDialect(schema, pointer);
        }

        CompileDefinitions(schema, pointer);

        var keywords = new List<IKeyword>();
        foreach (var factory in Factories)
        {
            if (factory(schema, pointer, this) is { } keyword)
            {
                keywords.Add(keyword);
            }
        }

        compiled.DynamicAnchor = schema.TryGetPropertyValue("$dynamicAnchor", out var anchor) && anchor is JsonValue name &&
            name.TryGetValue(out string? text) ? text : null;
        compiled.SetKeywords([.. keywords]);
        return compiled;
    }

    public void EnqueueRef(IReference keyword, string pointer)
    {
        _pendingRefs.Enqueue((keyword, pointer, _base));
        if (keyword is DynamicRefKeyword dynamic)
        {
            _dynamicRefs.Add(dynamic);
        }
    }

    /// <summary>A keyword whose value must be a schema; null when absent.</summary>
    public SchemaNode? Subschema(JsonObject schema, string keyword, string pointer) =>
        schema.TryGetPropertyValue(keyword, out var node) ? CompileSubschema(node, JsonPointer.Append(pointer, keyword)) : null;

    /// <summary>A keyword whose value must be a non-empty array of schemas (allOf, anyOf, oneOf, prefixItems).</summary>
    public SchemaNode[]? SubschemaArray(JsonObject schema, string keyword, string pointer)
    {
        if (!schema.TryGetPropertyValue(keyword, out var node))
        {
            return null;
        }

        var at = JsonPointer.Append(pointer, keyword);
        if (node is not JsonArray array || array.Count == 0)
        {
            Problem(at, $"'{keyword}' must be a non-empty array of schemas");
            return null;
        }

        var result = new SchemaNode[array.Count];
        for (var i = 0; i < array.Count; i++)
        {
            result[i] = CompileSubschema(array[i], JsonPointer.Append(at, i));
        }

        return result;
    }

    /// <summary>A keyword whose value must be an object of schemas (properties, patternProperties, dependentSchemas).</summary>
    public Dictionary<string, SchemaNode>? SubschemaMap(JsonObject schema, string keyword, string pointer)
    {
        if (!schema.TryGetPropertyValue(keyword, out var node))
        {
            return null;
        }

        var at = JsonPointer.Append(pointer, keyword);
        if (node is not JsonObject map)
        {
            Problem(at, $"'{keyword}' must be an object whose values are schemas");
            return null;
        }

        var result = new Dictionary<string, SchemaNode>(StringComparer.Ordinal);
        foreach (var (name, value) in map)
        {
            result[name] = CompileSubschema(value, JsonPointer.Append(at, name));
        }

        return result;
    }

    /// <summary>minLength, maxItems, …: a non-negative integer (2.0 counts as an integer, as the spec allows).</summary>
    public int? NonNegativeInteger(JsonObject schema, string keyword, string pointer)
    {
        if (!schema.TryGetPropertyValue(keyword, out var node))
        {
            return null;
        }

        if (!JsonNumber.TryRead(node, out var number) || !number.IsInteger || number.Double < 0)
        {
            Problem(JsonPointer.Append(pointer, keyword), $"'{keyword}' must be a non-negative integer");
            return null;
        }

        // Counts above int.MaxValue cannot be reached by any instance, so clamping does not change the outcome.
        return number.Double >= int.MaxValue ? int.MaxValue : (int)number.Double;
    }

    public JsonNumber? Number(JsonObject schema, string keyword, string pointer)
    {
        if (!schema.TryGetPropertyValue(keyword, out var node))
        {
            return null;
        }

        if (!JsonNumber.TryRead(node, out var number) || !number.IsFinite)
        {
            Problem(JsonPointer.Append(pointer, keyword), $"'{keyword}' must be a number");
            return null;
        }

        return number;
    }

    public string? String(JsonObject schema, string keyword, string pointer)
    {
        if (!schema.TryGetPropertyValue(keyword, out var node))
        {
            return null;
        }

        if (node is JsonValue value && value.TryGetValue(out string? text))
        {
            return text;
        }

        Problem(JsonPointer.Append(pointer, keyword), $"'{keyword}' must be a string");
        return null;
    }

    /// <summary>An array of unique strings (required, dependentRequired values).</summary>
    public string[]? UniqueStrings(JsonNode? node, string at, string keyword)
    {
        if (node is not JsonArray array)
        {
            Problem(at, $"'{keyword}' must be an array of unique strings");
            return null;
        }

        var result = new List<string>(array.Count);
        for (var i = 0; i < array.Count; i++)
        {
            if (array[i] is not JsonValue value || !value.TryGetValue(out string? text))
            {
                Problem(JsonPointer.Append(at, i), $"'{keyword}' entries must be strings");
                continue;
            }

            if (result.Contains(text, StringComparer.Ordinal))
            {
                Problem(JsonPointer.Append(at, i), $"'{keyword}' entries must be unique ('{text}' repeats)");
                continue;
            }

            result.Add(text);
        }

        return [.. result];
    }

    private void CompileDefinitions(JsonObject schema, string pointer)
    {
        // Compiled even when unreferenced so that publishing reports problems hidden in unused definitions.
        SubschemaMap(schema, "$defs", pointer);
    }
}
