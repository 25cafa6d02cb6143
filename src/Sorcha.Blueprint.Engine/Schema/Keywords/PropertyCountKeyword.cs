using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>minProperties / maxProperties.</summary>
internal sealed class PropertyCountKeyword(int? min, int? max) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        var min = compiler.NonNegativeInteger(schema, "minProperties", pointer);
        var max = compiler.NonNegativeInteger(schema, "maxProperties", pointer);
        return min is null && max is null ? null : new PropertyCountKeyword(min, max);
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (instance is not JsonObject obj)
        {
            return true;
        }

        var valid = true;
        if (obj.Count < min)
        {
            scope.Report($"must have at least {min} properties");
            valid = false;
        }

        if (obj.Count > max)
        {
            scope.Report($"must have at most {max} properties");
            valid = false;
        }

        return valid;
    }
}
