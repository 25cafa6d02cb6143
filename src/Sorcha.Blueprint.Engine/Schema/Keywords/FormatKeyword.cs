using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"format": asserted for date, date-time, email, uuid and uri strings (see <see cref="FormatChecks"/>); otherwise an annotation.</summary>
internal sealed class FormatKeyword(string format, Func<string, bool> check) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler) =>
        compiler.String(schema, "format", pointer) is { } format && FormatChecks.For(format) is { } check
            ? new FormatKeyword(format, check)
            : null;

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (instance is not JsonValue value || !value.TryGetValue(out string? text) || check(text))
        {
            return true;
        }

        scope.Report($"must be a valid {format}");
        return false;
    }
}
