using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>minimum, maximum, exclusiveMinimum, exclusiveMaximum (2020-12: all four are numbers), compared as decimals when possible.</summary>
internal sealed class RangeKeyword(JsonNumber? minimum, JsonNumber? maximum, JsonNumber? exclusiveMinimum, JsonNumber? exclusiveMaximum) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        var minimum = compiler.Number(schema, "minimum", pointer);
        var maximum = compiler.Number(schema, "maximum", pointer);
        var exclusiveMinimum = compiler.Number(schema, "exclusiveMinimum", pointer);
        var exclusiveMaximum = compiler.Number(schema, "exclusiveMaximum", pointer);
        return minimum is null && maximum is null && exclusiveMinimum is null && exclusiveMaximum is null
            ? null
            : new RangeKeyword(minimum, maximum, exclusiveMinimum, exclusiveMaximum);
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (!JsonNumber.TryRead(instance, out var number))
        {
            return true;
        }

        var valid = Check(number, minimum, c => c >= 0, ">=", scope);
        valid &= Check(number, maximum, c => c <= 0, "<=", scope);
        valid &= Check(number, exclusiveMinimum, c => c > 0, ">", scope);
        valid &= Check(number, exclusiveMaximum, c => c < 0, "<", scope);
        return valid;
    }

    private static bool Check(JsonNumber number, JsonNumber? bound, Func<int, bool> accept, string op, in EvaluationScope scope)
    {
        if (bound is not { } limit || JsonNumber.Compare(number, limit) is int c && accept(c))
        {
            return true;
        }

        scope.Report($"must be {op} {limit}");
        return false;
    }
}
