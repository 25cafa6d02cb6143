using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>minItems / maxItems.</summary>
internal sealed class ItemCountKeyword(int? min, int? max) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        var min = compiler.NonNegativeInteger(schema, "minItems", pointer);
        var max = compiler.NonNegativeInteger(schema, "maxItems", pointer);
        return min is null && max is null ? null : new ItemCountKeyword(min, max);
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (instance is not JsonArray array)
        {
            return true;
        }

        var valid = true;
        if (array.Count < min)
        {
            scope.Report($"must have at least {min} items");
            valid = false;
        }

        if (array.Count > max)
        {
            scope.Report($"must have at most {max} items");
            valid = false;
        }

        return valid;
    }
}
