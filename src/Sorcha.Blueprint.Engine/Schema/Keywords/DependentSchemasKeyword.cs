using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"dependentSchemas": when property X is present, the whole object must also validate against X's schema.</summary>
internal sealed class DependentSchemasKeyword(Dictionary<string, SchemaNode> dependencies) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler) =>
        compiler.SubschemaMap(schema, "dependentSchemas", pointer) is { } map ? new DependentSchemasKeyword(map) : null;

    public IEnumerable<SchemaNode> InPlace => dependencies.Values;

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (instance is not JsonObject obj)
        {
            return true;
        }

        var valid = true;
        foreach (var (trigger, schema) in dependencies)
        {
            if (obj.ContainsKey(trigger) && !schema.Evaluate(obj, scope))
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
