using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>$map, $reduce and $find: a body rendered (or evaluated) once per item, with the item named by each(…).</summary>
internal static partial class Operators
{
    private static readonly Regex MapKeys = Allowed(@"\$map", $@"each\(({Name})(,\s*({Name}))?\)");
    private static readonly Regex FindKeys = Allowed(@"\$find", $@"each\(({Name})(,\s*({Name}))?\)");
    private static readonly Regex ReduceKeys = Allowed(@"\$reduce", "initial", $@"each\(({Name}),\s*({Name})(,\s*({Name}))?\)");
    private static readonly Regex Each = new($@"^each\(({Name})(,\s*({Name}))?\)$");
    private static readonly Regex EachAccumulator = new($@"^each\(({Name}),\s*({Name})(,\s*({Name}))?\)$");

    private static object? Map(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, MapKeys, "$map");
        var value = Render(template["$map"], scope, evaluation, depth);
        if (value is not (JeArray or JeObject))
        {
            throw JsonETemplateException.Template("$map value must evaluate to an array or object");
        }

        var (each, body) = EachKey(template, "$map", 2, Each);
        var (x, i) = (each.Groups[1].Value, each.Groups[3].Success ? each.Groups[3].Value : null);
        if (value is JeArray array)
        {
            var items = new List<object?>(array.Count);
            for (var n = 0; n < array.Count; n++)
            {
                var item = Render(body, Frame(scope, x, array.Items[n], i, (double)n), evaluation, depth);
                if (!ReferenceEquals(item, JeObject.Deleted))
                {
                    items.Add(item);
                }
            }

            return evaluation.Array(items);
        }

        var merged = new Dictionary<string, object?>(StringComparer.Ordinal);
        foreach (var (key, val) in ((JeObject)value).Properties)
        {
            var argument = i is null ? evaluation.Object(new(StringComparer.Ordinal) { ["key"] = key, ["val"] = val }) : val;
            var result = Render(body, Frame(scope, x, argument, i, key), evaluation, depth) as JeObject
                ?? throw JsonETemplateException.Template($"$map on objects expects each({x}) to evaluate to an object");
            foreach (var (k, v) in result.Properties)
            {
                merged[k] = v;
            }
        }

        return evaluation.Object(merged);
    }

    private static object? Reduce(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, ReduceKeys, "$reduce");
        var array = RenderArray(template, "$reduce", scope, evaluation, depth, "$reduce value must evaluate to an array");
        var (each, body) = EachKey(template, "$reduce", 3, EachAccumulator, "initial");
        var (a, x, i) = (each.Groups[1].Value, each.Groups[2].Value, each.Groups[4].Success ? each.Groups[4].Value : null);

        // The initial value is taken as written, not rendered, as in the reference implementation.
        var accumulator = JeConvert.FromJson(template["initial"], evaluation);
        for (var n = 0; n < array.Count; n++)
        {
            var names = new Dictionary<string, object?>(StringComparer.Ordinal) { [a] = accumulator, [x] = array.Items[n] };
            if (i is not null)
            {
                names[i] = (double)n;
            }

            var result = Render(body, scope.With(names), evaluation, depth);
            accumulator = ReferenceEquals(result, JeObject.Deleted) ? accumulator : result;
        }

        return accumulator;
    }

    private static object? Find(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, FindKeys, "$find");
        var array = RenderArray(template, "$find", scope, evaluation, depth, "$find value must evaluate to an array");
        var (each, body) = EachKey(template, "$find", 2, Each);
        if (body is not JsonValue value || !value.TryGetValue(out string? condition))
        {
            throw JsonETemplateException.Template("each can evaluate string expressions only");
        }

        var (x, i) = (each.Groups[1].Value, each.Groups[3].Success ? each.Groups[3].Value : null);
        for (var n = 0; n < array.Count; n++)
        {
            if (JeValues.Truthy(Evaluate(condition, Frame(scope, x, array.Items[n], i, (double)n), evaluation)))
            {
                return array.Items[n];
            }
        }

        return JeObject.Deleted;
    }

    /// <summary>The each(…) key (there must be exactly <paramref name="count"/> keys) and its body.</summary>
    private static (Match Each, JsonNode? Body) EachKey(JsonObject template, string op, int count, Regex pattern, string? other = null)
    {
        if (template.Count != count)
        {
            throw JsonETemplateException.Template(count == 2 ? $"{op} must have exactly two properties" : $"{op} must have exactly three properties");
        }

        var (key, body) = template.First(p => p.Key != op && p.Key != other);
        var each = pattern.Match(key);
        return each.Success ? (each, body) : throw JsonETemplateException.Template($"{op} requires each(identifier) syntax");
    }

    private static Scope Frame(Scope scope, string x, object? item, string? i, object? index)
    {
        var names = new Dictionary<string, object?>(StringComparer.Ordinal) { [x] = item };
        if (i is not null)
        {
            names[i] = index;
        }

        return scope.With(names);
    }
}
