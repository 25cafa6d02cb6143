using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>$eval, $json, $fromNow and $let.</summary>
internal static partial class Operators
{
    private static readonly System.Text.RegularExpressions.Regex EvalKeys = Allowed(@"\$eval");
    private static readonly System.Text.RegularExpressions.Regex JsonKeys = Allowed(@"\$json");
    private static readonly System.Text.RegularExpressions.Regex FromNowKeys = Allowed(@"\$fromNow", "from");
    private static readonly System.Text.RegularExpressions.Regex LetKeys = Allowed(@"\$let", "in");

    private static object? Eval(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, EvalKeys, "$eval");
        return template["$eval"] is JsonValue value && value.TryGetValue(out string? expression)
            ? Evaluate(expression, scope, evaluation)
            : throw JsonETemplateException.Template("$eval must be given a string expression");
    }

    private static string Json(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, JsonKeys, "$json");
        return JsonText.Write(Render(template["$json"], scope, evaluation, depth), evaluation);
    }

    private static string FromNowOperator(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, FromNowKeys, "$fromNow");
        var value = Render(template["$fromNow"], scope, evaluation, depth);
        scope.TryGet("now", out var reference);
        if (template.TryGetPropertyValue("from", out var from) && JsTruthy(from))
        {
            reference = Render(from, scope, evaluation, depth);
        }

        return value is string timespan ? FromNow.Add(timespan, reference) : throw JsonETemplateException.Template("$fromNow expects a string");
    }

    private static object? Let(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        Allow(template, LetKeys, "$let");
        if (template["$let"] is not JsonObject || Render(template["$let"], scope, evaluation, depth) is not JeObject variables)
        {
            throw JsonETemplateException.Template("$let value must be an object");
        }

        if (variables.Properties.Keys.Any(key => !JsonE.IsName(key)))
        {
            throw JsonETemplateException.Template("top level keys of $let must follow /[a-zA-Z_][a-zA-Z0-9_]*/");
        }

        return template["in"] is { } body
            ? Render(body, scope.With(variables.Properties), evaluation, depth)
            : throw JsonETemplateException.Template("$let operator requires an `in` clause");
    }

    // JavaScript's truthiness of a raw template value: any object or array is true, even an empty one.
    private static bool JsTruthy(JsonNode? node) => node switch
    {
        null => false,
        JsonObject or JsonArray => true,
        _ => JeValues.Truthy(JeConvert.Scalar(node.AsValue())),
    };
}
