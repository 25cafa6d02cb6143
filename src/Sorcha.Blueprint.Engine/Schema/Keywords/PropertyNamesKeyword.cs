using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"propertyNames": every property name, as a string instance, must validate against the schema.</summary>
internal sealed class PropertyNamesKeyword(SchemaNode schema) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler) =>
        compiler.Subschema(schema, "propertyNames", pointer) is { } node ? new PropertyNamesKeyword(node) : null;

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (instance is not JsonObject obj)
        {
            return true;
        }

        var valid = true;
        foreach (var (name, _) in obj)
        {
            // The name itself is not addressable by a pointer, so the error sits on the property with a clear message.
            if (!schema.Evaluate(JsonValue.Create(name), scope.Quiet()))
            {
                valid = false;
                if (!scope.Collecting)
                {
                    return false;
                }

                scope.Property(name).Report($"property name '{name}' is not allowed by propertyNames");
            }
        }

        return valid;
    }
}
