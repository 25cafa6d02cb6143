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

        // Items are compared only with earlier items of the same hash, so a large array costs about one pass rather
        // than n² comparisons; each comparison is a step, which bounds even a bucket of colliding items.
        var buckets = new Dictionary<int, List<int>>();
        var valid = true;
        for (var i = 0; i < array.Count; i++)
        {
            var hash = JsonEquality.Hash(array[i]);
            if (!buckets.TryGetValue(hash, out var earlier))
            {
                buckets[hash] = [i];
                continue;
            }

            if (Duplicated(array, i, earlier, scope.Budget) is { } j)
            {
                valid = false;
                if (!scope.Collecting)
                {
                    return false;
                }

                scope.Item(i).Report($"duplicates item {j}; items must be unique");
            }

            earlier.Add(i);
        }

        return valid;
    }

    private static int? Duplicated(JsonArray array, int i, List<int> earlier, WorkBudget budget)
    {
        foreach (var j in earlier)
        {
            budget.Step();
            if (JsonEquality.DeepEquals(array[i], array[j]))
            {
                return j;
            }
        }

        return null;
    }
}
