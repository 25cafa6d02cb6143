using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>$sort: numbers or strings (all of one type), or anything by(x) an expression giving those; stable.</summary>
internal static partial class Operators
{
    private const string SortTypes = "$sorted values to be sorted must have the same type";

    private static readonly Regex SortKeys = Allowed(@"\$sort", $@"by\(({Name})\)");
    private static readonly Regex By = new($@"^by\(({Name})\)$");

    private static JeArray Sort(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, SortKeys, "$sort");
        var array = RenderArray(template, "$sort", scope, evaluation, depth, SortTypes);
        var byKey = template.Select(p => p.Key).FirstOrDefault(k => k != "$sort");
        var by = byKey is null ? null : By.Match(byKey);
        List<object?> keys;
        if (by is { Success: true })
        {
            var expression = template[byKey!] is JsonValue value && value.TryGetValue(out string? text)
                ? text
                : throw JsonETemplateException.Template("$sort by(x) must be given a string expression");
            keys = [.. array.Items.Select(item => Evaluate(expression, scope.With(by.Groups[1].Value, item), evaluation))];
        }
        else
        {
            keys = array.Items.Any(item => item is JeArray or JeObject) ? throw JsonETemplateException.Template(SortTypes) : array.Items;
        }

        if (keys.Count > 0 && (keys[0] is not (double or string) || keys.Any(k => k?.GetType() != keys[0]!.GetType())))
        {
            throw JsonETemplateException.Template(SortTypes);
        }

        // Paid before sorting, n·log₂n steps (about a step per comparison): a comparer must not throw, the sort would wrap it.
        evaluation.Budget.Steps(keys.Count * (long)Math.Ceiling(Math.Log2(Math.Max(2, keys.Count))));
        var order = Enumerable.Range(0, keys.Count).Order(Comparer<int>.Create((x, y) =>
        {
            var c = keys[x] is double a ? a.CompareTo((double)keys[y]!) : string.CompareOrdinal((string)keys[x]!, (string)keys[y]!);
            return c != 0 ? c : x.CompareTo(y);
        }));
        return evaluation.Array([.. order.Select(n => array.Items[n])]);
    }
}
