using System.Text;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>"hello ${name}": each ${expression} replaced by its value's text; "$${" is a literal "${".</summary>
internal static partial class Renderer
{
    public static string Interpolate(string text, Scope scope, Evaluation evaluation)
    {
        if (!text.Contains("${", StringComparison.Ordinal))
        {
            evaluation.Characters(text.Length);
            return text;
        }

        var result = new StringBuilder();
        var done = 0;
        for (var i = 0; i < text.Length - 1; i++)
        {
            if (text[i] != '$')
            {
                continue;
            }

            var escaped = text[i + 1] == '$' && i + 2 < text.Length && text[i + 2] == '{';
            if (!escaped && text[i + 1] != '{')
            {
                continue;
            }

            Append(result, text.AsSpan(done, i - done), evaluation);
            if (escaped)
            {
                Append(result, "${", evaluation);
                done = i + 3;
            }
            else
            {
                var (tree, end) = evaluation.Parse(text, i + 2, "}");
                var value = Interpreter.Evaluate(tree, scope, evaluation);
                Append(result, Text(value, text[(i + 2)..(end - 1)]), evaluation);
                done = end;
            }

            i = done - 1;
        }

        Append(result, text.AsSpan(done), evaluation);
        return result.ToString();
    }

    private static string Text(object? value, string expression) => value switch
    {
        null => string.Empty,
        JeArray or JeObject => throw JsonETemplateException.Template($"interpolation of '{expression}' produced an array or object"),
        JeFunction => throw JeConvert.UncalledFunction(),
        _ => JeValues.JsString(value),
    };

    private static void Append(StringBuilder result, ReadOnlySpan<char> part, Evaluation evaluation)
    {
        evaluation.Characters(part.Length);
        result.Append(part);
    }
}
