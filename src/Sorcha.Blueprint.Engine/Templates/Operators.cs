using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// The template operators: an object with one of these keys renders to the operator's answer. Each checks its other
/// keys first as the reference does (a pattern that is deliberately loose: "then" anywhere in a key passes $if).
/// </summary>
internal static partial class Operators
{
    private delegate object? Operator(JsonObject template, Scope scope, Evaluation evaluation, int depth);

    private static readonly Dictionary<string, Operator> All = new(StringComparer.Ordinal)
    {
        ["$eval"] = Eval,
        ["$flatten"] = Flatten,
        ["$flattenDeep"] = FlattenDeep,
        ["$fromNow"] = FromNowOperator,
        ["$if"] = If,
        ["$json"] = Json,
        ["$let"] = Let,
        ["$map"] = Map,
        ["$reduce"] = Reduce,
        ["$find"] = Find,
        ["$match"] = Match,
        ["$switch"] = Switch,
        ["$merge"] = Merge,
        ["$mergeDeep"] = MergeDeep,
        ["$reverse"] = Reverse,
        ["$sort"] = Sort,
    };

    private const string Name = "[a-zA-Z_][a-zA-Z0-9_]*";

    public static bool TryRender(JsonObject template, Scope scope, Evaluation evaluation, int depth, out object? answer)
    {
        answer = null;
        var found = All.Keys.Where(template.ContainsKey).Take(2).ToList();
        if (found.Count == 0)
        {
            return false;
        }

        answer = found.Count > 1
            ? throw JsonETemplateException.Template("only one operator allowed")
            : All[found[0]](template, scope, evaluation, depth + 1);
        return true;
    }

    /// <summary>Unknown keys beside an operator, named in the error in sorted order.</summary>
    private static void Allow(JsonObject template, Regex allowed, string op)
    {
        var unknown = template.Select(p => p.Key).Where(key => !allowed.IsMatch(key)).Order(StringComparer.Ordinal).ToList();
        if (unknown.Count > 0)
        {
            throw JsonETemplateException.Template($"{op} has undefined properties: {string.Join(" ", unknown)}");
        }
    }

    private static Regex Allowed(params string[] patterns) =>
        new(string.Join("|", patterns) + "$", RegexOptions.NonBacktracking | RegexOptions.CultureInvariant);

    private static object? Render(JsonNode? template, Scope scope, Evaluation evaluation, int depth) =>
        Renderer.Render(template, scope, evaluation, depth + 1);

    private static object? Evaluate(string expression, Scope scope, Evaluation evaluation) =>
        Interpreter.Evaluate(evaluation.Parse(expression, 0, null).Tree, scope, evaluation);

    private static JeArray RenderArray(JsonObject template, string op, Scope scope, Evaluation evaluation, int depth, string error) =>
        Render(template[op], scope, evaluation, depth) as JeArray ?? throw JsonETemplateException.Template(error);
}
