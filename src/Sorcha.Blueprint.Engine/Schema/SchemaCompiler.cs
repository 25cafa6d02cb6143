using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;
using Sorcha.Blueprint.Engine.Schema.Keywords;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// Turns a schema document into a tree of <see cref="SchemaNode"/>s in one pass, recording every structural problem
/// (pointer into the schema + message) instead of stopping at the first, so publishing can report them all.
/// </summary>
internal sealed class SchemaCompiler
{
    internal const string Draft202012 = "https://json-schema.org/draft/2020-12/schema";

    // Each factory reads the keyword(s) it owns from a schema object; unknown keywords are ignored per the spec.
    private static readonly Func<JsonObject, string, SchemaCompiler, IKeyword?>[] Factories =
    [
        RefKeyword.Create,
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
    ];

    private readonly JsonNode? _root;
    private readonly List<ValidationError> _problems = [];
    private readonly Dictionary<string, SchemaNode> _byPointer = new(StringComparer.Ordinal);
    private readonly Queue<(RefKeyword Keyword, string Pointer)> _pendingRefs = new();

    private SchemaCompiler(JsonNode? root) => _root = root;

    public static (SchemaNode Root, IReadOnlyList<ValidationError> Problems) Compile(JsonNode? schema)
    {
        var compiler = new SchemaCompiler(schema);
        if (schema is JsonObject obj && obj.TryGetPropertyValue("$schema", out var dialect) &&
            !(dialect is JsonValue v && v.TryGetValue(out string? uri) && uri.TrimEnd('#') == Draft202012))
        {
            compiler.Problem("/$schema", $"only JSON Schema 2020-12 ({Draft202012}) is supported");
        }

        var root = compiler.CompileSubschema(schema, string.Empty);
        compiler.ResolveRefs();
        compiler.RejectCyclesWithoutProgress();
        return (root, compiler._problems);
    }

    public void Problem(string pointer, string message) => _problems.Add(new ValidationError(pointer, message));

    public SchemaNode CompileSubschema(JsonNode? node, string pointer)
    {
        if (_byPointer.TryGetValue(pointer, out var existing))
        {
            return existing;
        }

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
        var compiled = SchemaNode.CreateObject();
        _byPointer[pointer] = compiled;
        CheckUnsupported(schema, pointer);
        CompileDefinitions(schema, pointer);

        var keywords = new List<IKeyword>();
        foreach (var factory in Factories)
        {
            if (factory(schema, pointer, this) is { } keyword)
            {
                keywords.Add(keyword);
            }
        }

        compiled.SetKeywords([.. keywords]);
        return compiled;
    }

    public void EnqueueRef(RefKeyword keyword, string pointer) => _pendingRefs.Enqueue((keyword, pointer));

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

    private void CheckUnsupported(JsonObject schema, string pointer)
    {
        if (pointer.Length > 0 && schema.ContainsKey("$id"))
        {
            Problem(JsonPointer.Append(pointer, "$id"), "embedded resources ($id below the root) are not supported");
        }

        foreach (var keyword in (string[])["$dynamicRef", "$recursiveRef"])
        {
            if (schema.ContainsKey(keyword))
            {
                Problem(JsonPointer.Append(pointer, keyword), $"'{keyword}' is not supported; use '$ref' to a local '#/$defs/…' pointer");
            }
        }

        // These would tighten validation; silently ignoring them would accept data the author meant to reject.
        foreach (var keyword in (string[])["unevaluatedProperties", "unevaluatedItems"])
        {
            if (schema.ContainsKey(keyword))
            {
                Problem(JsonPointer.Append(pointer, keyword), $"'{keyword}' is not supported; use additionalProperties / items");
            }
        }
    }

    private void ResolveRefs()
    {
        while (_pendingRefs.TryDequeue(out var pending))
        {
            var (keyword, at) = pending;
            if (!TryTargetPointer(keyword.Reference, out var segments))
            {
                Problem(at, $"'$ref' '{keyword.Reference}' is not supported: only local references ('#' or '#/json/pointer') are");
                continue;
            }

            var canonical = string.Concat(segments.Select(s => "/" + JsonPointer.Escape(s)));
            if (!_byPointer.ContainsKey(canonical) && !JsonPointer.TryResolve(_root, segments, out _))
            {
                Problem(at, $"'$ref' '{keyword.Reference}' does not resolve to anything in this schema");
                continue;
            }

            JsonPointer.TryResolve(_root, segments, out var target);
            keyword.Target = CompileSubschema(target, canonical);
        }
    }

    /// <summary>
    /// A schema that reaches itself through in-place subschemas ($ref, allOf, anyOf, not, …) without descending into a
    /// property or item would apply to the same value forever: {"anyOf": [{"$ref": "#"}, {"$ref": "#"}]} doubles its
    /// work at each level. Such a cycle is a problem at the schema it returns to. Iterative depth-first search, since
    /// a chain of references can be longer than the stack is deep.
    /// </summary>
    private void RejectCyclesWithoutProgress()
    {
        var done = new HashSet<SchemaNode>();
        var onPath = new HashSet<SchemaNode>();
        var reported = new HashSet<SchemaNode>();
        var path = new Stack<(SchemaNode Node, SchemaNode[] Next, int Index)>();
        foreach (var start in _byPointer.Values)
        {
            if (done.Contains(start))
            {
                continue;
            }

            onPath.Add(start);
            path.Push((start, start.InPlace(), 0));
            while (path.TryPop(out var frame))
            {
                if (frame.Index == frame.Next.Length)
                {
                    onPath.Remove(frame.Node);
                    done.Add(frame.Node);
                    continue;
                }

                path.Push((frame.Node, frame.Next, frame.Index + 1));
                var next = frame.Next[frame.Index];
                if (onPath.Contains(next))
                {
                    if (reported.Add(next))
                    {
                        Problem(PointerOf(next),
                            "this schema applies to itself through '$ref' without descending into a property or item, so validation would never end");
                    }
                }
                else if (!done.Contains(next))
                {
                    onPath.Add(next);
                    path.Push((next, next.InPlace(), 0));
                }
            }
        }
    }

    private string PointerOf(SchemaNode node) => _byPointer.First(p => ReferenceEquals(p.Value, node)).Key;

    private static bool TryTargetPointer(string reference, out string[] segments)
    {
        segments = [];
        if (!reference.StartsWith('#'))
        {
            return false;
        }

        // The fragment is URI-encoded (e.g. "%25" for "%"), then a JSON Pointer.
        string fragment;
        try
        {
            fragment = Uri.UnescapeDataString(reference[1..]);
        }
        catch (UriFormatException)
        {
            return false;
        }

        return JsonPointer.TryParse(fragment, out segments);
    }
}
