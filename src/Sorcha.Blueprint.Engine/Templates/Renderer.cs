using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// Renders a template node: scalars stay, strings are interpolated, arrays and objects are rendered item by item
/// (dropping what an operator deleted), and an object with an operator key ($eval, $map, …) is that operator's
/// answer. One step per node; a template may nest at most <see cref="Parser.MaxNesting"/> levels.
/// </summary>
internal static partial class Renderer
{
    public static object? Render(JsonNode? template, Scope scope, Evaluation evaluation, int depth)
    {
        evaluation.Step();
        if (depth > Parser.MaxNesting)
        {
            throw new BudgetExceededException(BudgetKind.Output, $"A JSON-e template nests more than {Parser.MaxNesting} levels deep.");
        }

        switch (template)
        {
            case JsonArray array:
                var items = new List<object?>(array.Count);
                for (var i = 0; i < array.Count; i++)
                {
                    var item = At($"[{i}]", () => Render(array[i], scope, evaluation, depth + 1));
                    if (!ReferenceEquals(item, JeObject.Deleted))
                    {
                        items.Add(item);
                    }
                }

                return evaluation.Array(items);
            case JsonObject obj:
                return Operators.TryRender(obj, scope, evaluation, depth, out var answer) ? answer : RenderObject(obj, scope, evaluation, depth);
            default:
                var scalar = JeConvert.FromJson(template, evaluation);
                return scalar is string text ? Interpolate(text, scope, evaluation) : scalar;
        }
    }

    private static JeObject RenderObject(JsonObject template, Scope scope, Evaluation evaluation, int depth)
    {
        var properties = new Dictionary<string, object?>(StringComparer.Ordinal);
        foreach (var (key, child) in template)
        {
            var value = At(Location(key), () => Render(child, scope, evaluation, depth + 1));
            if (ReferenceEquals(value, JeObject.Deleted))
            {
                continue;
            }

            // "$$name" is the escape for a literal "$name" key; a bare "$name" that is no operator is a mistake.
            var name = key.StartsWith("$$", StringComparison.Ordinal) ? key[1..]
                : Reserved().IsMatch(key) ? throw JsonETemplateException.Template("$<identifier> is reserved; use $$<identifier>")
                : Interpolate(key, scope, evaluation);
            properties[name] = value;
        }

        return evaluation.Object(properties);
    }

    /// <summary>Runs a part of the template, naming where it is in an error it raises (".a[2]").</summary>
    public static T At<T>(string location, Func<T> render)
    {
        try
        {
            return render();
        }
        catch (JsonETemplateException e)
        {
            throw e.At(location);
        }
    }

    private static string Location(string key) =>
        Identifier().IsMatch(key) ? "." + key : "[" + System.Text.Json.JsonSerializer.Serialize(key) + "]";

    [GeneratedRegex("^[a-zA-Z][a-zA-Z0-9]*$")]
    private static partial Regex Identifier();

    [GeneratedRegex(@"^\$[a-zA-Z][a-zA-Z0-9]*$")]
    private static partial Regex Reserved();
}
