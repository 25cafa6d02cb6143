using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"allOf": every subschema applies, and every subschema's errors are reported.</summary>
internal sealed class AllOfKeyword(SchemaNode[] schemas) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler) =>
        compiler.SubschemaArray(schema, "allOf", pointer) is { } schemas ? new AllOfKeyword(schemas) : null;

    public IEnumerable<SchemaNode> InPlace => schemas;

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        var valid = true;
        foreach (var schema in schemas)
        {
            if (!schema.Evaluate(instance, scope))
            {
                valid = false;
                if (!scope.Collecting)
                {
                    return false;
                }
            }
        }

        return valid;
    }
}
