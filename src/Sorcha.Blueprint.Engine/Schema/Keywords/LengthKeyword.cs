using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>minLength / maxLength, counted in Unicode code points (a surrogate pair is one character), as the spec says.</summary>
internal sealed class LengthKeyword(int? min, int? max) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        var min = compiler.NonNegativeInteger(schema, "minLength", pointer);
        var max = compiler.NonNegativeInteger(schema, "maxLength", pointer);
        return min is null && max is null ? null : new LengthKeyword(min, max);
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (instance is not JsonValue value || !value.TryGetValue(out string? text))
        {
            return true;
        }

        var length = CodePoints(text);
        var valid = true;
        if (length < min)
        {
            scope.Report($"must be at least {min} characters long");
            valid = false;
        }

        if (length > max)
        {
            scope.Report($"must be at most {max} characters long");
            valid = false;
        }

        return valid;
    }

    internal static int CodePoints(string text)
    {
        var count = text.Length;
        for (var i = 0; i < text.Length - 1; i++)
        {
            if (char.IsHighSurrogate(text[i]) && char.IsLowSurrogate(text[i + 1]))
            {
                count--;
                i++;
            }
        }

        return count;
    }
}
