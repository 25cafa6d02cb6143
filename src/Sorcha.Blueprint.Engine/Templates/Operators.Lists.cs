using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>$flatten, $flattenDeep, $merge, $mergeDeep and $reverse: every array and object they build is paid for.</summary>
internal static partial class Operators
{
    private static readonly Regex FlattenKeys = Allowed(@"\$flatten");
    private static readonly Regex FlattenDeepKeys = Allowed(@"\$flattenDeep");
    private static readonly Regex MergeKeys = Allowed(@"\$merge");
    private static readonly Regex MergeDeepKeys = Allowed(@"\$mergeDeep");
    private static readonly Regex ReverseKeys = Allowed(@"\$reverse");

    private static JeArray Flatten(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, FlattenKeys, "$flatten");
        var array = RenderArray(template, "$flatten", scope, evaluation, depth, "$flatten value must evaluate to an array");
        return evaluation.Array([.. array.Items.SelectMany(item => item is JeArray inner ? inner.Items : [item])]);
    }

    private static JeArray FlattenDeep(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, FlattenDeepKeys, "$flattenDeep");
        var array = RenderArray(template, "$flattenDeep", scope, evaluation, depth, "$flattenDeep value must evaluate to an array");
        var items = new List<object?>();
        Collect(array, items, evaluation);
        return evaluation.Array(items);
    }

    private static void Collect(JeArray array, List<object?> items, Evaluation evaluation)
    {
        foreach (var item in array.Items)
        {
            evaluation.Step();
            if (item is JeArray inner)
            {
                Collect(inner, items, evaluation);
            }
            else
            {
                items.Add(item);
            }
        }
    }

    private static JeObject Merge(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, MergeKeys, "$merge");
        var objects = Objects(template, "$merge", scope, evaluation, depth);
        var merged = new Dictionary<string, object?>(StringComparer.Ordinal);
        foreach (var (key, value) in objects.SelectMany(o => o.Properties))
        {
            merged[key] = value;
        }

        return evaluation.Object(merged);
    }

    private static object? MergeDeep(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, MergeDeepKeys, "$mergeDeep");
        var objects = Objects(template, "$mergeDeep", scope, evaluation, depth);
        return objects.Count == 0 ? evaluation.Object([]) : objects.Skip(1).Aggregate((object?)objects[0], (l, r) => Deep(l, r, evaluation));
    }

    // Right wins, except that arrays concatenate and objects merge key by key.
    private static object? Deep(object? left, object? right, Evaluation evaluation)
    {
        evaluation.Step();
        if (left is JeArray a && right is JeArray b)
        {
            return evaluation.Array([.. a.Items, .. b.Items]);
        }

        if (left is not JeObject l || right is not JeObject r)
        {
            return right;
        }

        var merged = new Dictionary<string, object?>(l.Properties, StringComparer.Ordinal);
        foreach (var (key, value) in r.Properties)
        {
            merged[key] = l.Properties.TryGetValue(key, out var mine) ? Deep(mine, value, evaluation) : value;
        }

        return evaluation.Object(merged);
    }

    private static List<JeObject> Objects(JsonObject template, string op, Scope scope, Evaluation evaluation, int depth)
    {
        var error = $"{op} value must evaluate to an array of objects";
        var array = RenderArray(template, op, scope, evaluation, depth, error);
        return array.Items.All(item => item is JeObject) ? [.. array.Items.Cast<JeObject>()] : throw JsonETemplateException.Template(error);
    }

    private static JeArray Reverse(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, ReverseKeys, "$reverse");
        var array = RenderArray(template, "$reverse", scope, evaluation, depth, "$reverse value must evaluate to an array of objects");
        return evaluation.Array([.. Enumerable.Reverse(array.Items)]);
    }
}
