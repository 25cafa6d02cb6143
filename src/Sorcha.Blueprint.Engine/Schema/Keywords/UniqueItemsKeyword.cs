using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"uniqueItems": true means no two items are JSON-equal (so 1 and 1.0 are duplicates).</summary>
internal sealed class UniqueItemsKeyword : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        if (!schema.TryGetPropertyValue("uniqueItems", out var node))
        {
            return null;
        }

        if (node is not JsonValue value || !value.TryGetValue(out bool unique))
        {
            compiler.Problem(JsonPointer.Append(pointer, "uniqueItems"), "'uniqueItems' must be a boolean");
            return null;
        }

        return unique ? new UniqueItemsKeyword() : null;
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (instance is not JsonArray array)
        {
            return true;
        }

        // Quadratic, but data arrays in blueprint actions are small; hashing JSON equality (1 == 1.0) is not worth it.
        var valid = true;
        for (var i = 1; i < array.Count; i++)
        {
            for (var j = 0; j < i; j++)
            {
                if (JsonEquality.DeepEquals(array[i], array[j]))
                {
                    valid = false;
                    if (!scope.Collecting)
                    {
                        return false;
                    }

                    scope.Item(i).Report($"duplicates item {j}; items must be unique");
                    break;
                }
            }
        }

        return valid;
    }
}
