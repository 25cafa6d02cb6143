using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// JSON-e (https://json-e.js.org): renders a template against a context, as the reference implementation does and its
/// specification tests, under a <see cref="WorkBudget"/>: every template node and expression node is a step, every
/// value and character built is output, and nothing nests deeper than <see cref="EngineLimits.MaxDepth"/>.
/// </summary>
public static partial class JsonE
{
    /// <summary>Renders with the context's <c>now</c> as the clock for $fromNow and fromNow, else the current time.</summary>
    public static JsonNode? Render(JsonNode? template, JsonObject context, WorkBudget budget) => Render(template, context, budget, null);

    /// <summary>
    /// Renders the template. <paramref name="now"/> is the clock when the context has no <c>now</c> of its own; without
    /// either, the current time is read once, before evaluating. Throws <see cref="JsonETemplateException"/> for a
    /// template that fails for this context, <see cref="BudgetExceededException"/> when the budget runs out.
    /// </summary>
    public static JsonNode? Render(JsonNode? template, JsonObject context, WorkBudget budget, DateTimeOffset? now)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(budget);
        if (context.Any(p => !IsName(p.Key)))
        {
            throw JsonETemplateException.Template("top level keys of context must follow /[a-zA-Z_][a-zA-Z0-9_]*/");
        }

        var evaluation = new Evaluation(budget);
        var names = new Dictionary<string, object?>(StringComparer.Ordinal);
        if (!context.ContainsKey("now"))
        {
            names["now"] = FromNow.Format(now ?? DateTimeOffset.UtcNow);
        }

        foreach (var (name, value) in context)
        {
            names[name] = JeConvert.FromJson(value, evaluation, 0);
        }

        var scope = new Scope(null, Builtins.All).With(names);
        var result = Renderer.Render(template, scope, evaluation, 0);
        return ReferenceEquals(result, JeObject.Deleted) ? null : JeConvert.ToJson(result, evaluation);
    }

    internal static bool IsName(string key) => Name().IsMatch(key);

    [GeneratedRegex("^[a-zA-Z_][a-zA-Z0-9_]*$")]
    private static partial Regex Name();
}
