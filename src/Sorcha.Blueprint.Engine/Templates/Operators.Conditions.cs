using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>$if, $switch and $match: expressions choose what is rendered; conditions are tried in sorted order.</summary>
internal static partial class Operators
{
    private static readonly Regex IfKeys = Allowed(@"\$if", "then", "else");
    private static readonly Regex SwitchKeys = Allowed(@"\$switch");
    private static readonly Regex MatchKeys = Allowed(@"\$match");

    private static object? If(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, IfKeys, "$if");
        if (template["$if"] is not JsonValue value || !value.TryGetValue(out string? condition))
        {
            throw JsonETemplateException.Template("$if can evaluate string expressions only");
        }

        if (JeValues.Truthy(Evaluate(condition, scope, evaluation)))
        {
            if (template.ContainsKey("$then"))
            {
                throw JsonETemplateException.Template("$if Syntax error: $then: should be spelled then: (no $)");
            }

            return template.TryGetPropertyValue("then", out var then) ? Render(then, scope, evaluation, depth) : JeObject.Deleted;
        }

        return template.TryGetPropertyValue("else", out var otherwise) ? Render(otherwise, scope, evaluation, depth) : JeObject.Deleted;
    }

    private static object? Switch(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, SwitchKeys, "$switch");
        var cases = template["$switch"] as JsonObject ?? throw JsonETemplateException.Template("$switch can evaluate objects only");
        var chosen = Matching(cases, scope, evaluation, depth, skip: "$default");
        if (chosen.Count > 1)
        {
            throw JsonETemplateException.Template("$switch can only have one truthy condition");
        }

        if (chosen.Count == 0 && cases.TryGetPropertyValue("$default", out var fallback))
        {
            chosen.Add(Render(fallback, scope, evaluation, depth));
        }

        return chosen.Count > 0 ? chosen[0] : JeObject.Deleted;
    }

    private static JeArray Match(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, MatchKeys, "$match");
        var cases = template["$match"] as JsonObject ?? throw JsonETemplateException.Template("$match can evaluate objects only");
        var chosen = Matching(cases, scope, evaluation, depth, skip: null);
        return evaluation.Array([.. chosen.Where(value => !ReferenceEquals(value, JeObject.Deleted))]);
    }

    /// <summary>The rendered values of the cases whose condition (the key, an expression) is truthy, in sorted key order.</summary>
    private static List<object?> Matching(JsonObject cases, Scope scope, Evaluation evaluation, int depth, string? skip)
    {
        var chosen = new List<object?>();
        foreach (var condition in cases.Select(p => p.Key).Where(k => k != skip).Order(StringComparer.Ordinal))
        {
            if (JeValues.Truthy(Evaluate(condition, scope, evaluation)))
            {
                chosen.Add(Render(cases[condition], scope, evaluation, depth));
            }
        }

        return chosen;
    }
}
