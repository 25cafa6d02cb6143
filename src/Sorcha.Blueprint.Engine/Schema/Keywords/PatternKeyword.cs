using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"pattern": strings must contain a match (unanchored, so authors write ^…$ for whole-string matches).</summary>
internal sealed class PatternKeyword(Regex regex) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        if (compiler.String(schema, "pattern", pointer) is not { } pattern)
        {
            return null;
        }

        if (!SchemaRegex.TryCreate(pattern, out var regex, out var error))
        {
            compiler.Problem(JsonPointer.Append(pointer, "pattern"), $"'{pattern}' is not a valid regular expression: {error}");
            return null;
        }

        return new PatternKeyword(regex);
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (instance is not JsonValue value || !value.TryGetValue(out string? text) || SchemaRegex.IsMatch(regex, text, scope.Budget))
        {
            return true;
        }

        scope.Report($"must match the pattern '{regex}'");
        return false;
    }
}
