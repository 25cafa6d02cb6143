using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>prefixItems and items together: "items" applies only to the elements after the prefix.</summary>
internal sealed class ItemsKeyword(SchemaNode[] prefix, SchemaNode? rest) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        var prefix = compiler.SubschemaArray(schema, "prefixItems", pointer);
        var rest = compiler.Subschema(schema, "items", pointer);
        return prefix is null && rest is null ? null : new ItemsKeyword(prefix ?? [], rest);
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (instance is not JsonArray array)
        {
            return true;
        }

        // Annotation for unevaluatedItems: the prefix, or every item when "items" is present.
        scope.Evaluated?.Mark(0, rest is null ? Math.Min(prefix.Length, array.Count) : array.Count);
        var valid = true;
        for (var i = 0; i < array.Count; i++)
        {
            var schema = i < prefix.Length ? prefix[i] : rest;
            if (schema is null)
            {
                break;
            }

            if (schema.IsFalse && i >= prefix.Length)
            {
                scope.Item(i).Report($"is not allowed: at most {prefix.Length} items are allowed");
                return false;
            }

            if (!schema.Evaluate(array[i], scope.Item(i)))
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
