using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Execution;

/// <summary>
/// One participant's view of an action's data, pre-parsed from its disclosure pointers. Builds an object holding
/// exactly the disclosed fields in their original shape: "/address/city" gives {"address": {"city": …}}; "/*" (or "")
/// gives everything; a pointer not present in the data is skipped; overlapping pointers combine as a union.
/// Inside arrays, positions are kept: "/items/2/sku" gives {"items": [null, null, {"sku": …}]}.
/// </summary>
internal sealed class DisclosurePlan(string participant, IReadOnlyList<string[]> paths)
{
    public string Participant { get; } = participant;

    /// <summary>Every copied value counts as output, so many disclosures of all of a large data set cannot multiply it unbounded.</summary>
    public void ApplyTo(JsonObject target, JsonNode? data, WorkBudget budget)
    {
        foreach (var path in paths)
        {
            if (path.Length == 0)
            {
                CopyAll(target, data, budget);
            }
            else if (JsonPointer.TryResolve(data, path, out var value))
            {
                Place(target, data, path, value, budget);
            }
        }
    }

    private static void CopyAll(JsonObject target, JsonNode? data, WorkBudget budget)
    {
        if (data is JsonObject source)
        {
            foreach (var (name, value) in source)
            {
                target[name] = budget.Copy(value);
            }
        }
    }

    private static void Place(JsonObject target, JsonNode? data, string[] path, JsonNode? value, WorkBudget budget)
    {
        JsonNode container = target;
        var source = data;
        for (var i = 0; i < path.Length - 1; i++)
        {
            JsonPointer.TryResolve(source, [path[i]], out var sourceChild);
            var existing = Get(container, path[i]);
            if (existing is null)
            {
                // Mirror the data's container kind so arrays stay arrays.
                existing = sourceChild is JsonArray ? new JsonArray() : new JsonObject();
                Set(container, path[i], existing);
            }

            container = existing;
            source = sourceChild;
        }

        Set(container, path[^1], budget.Copy(value));
    }

    private static JsonNode? Get(JsonNode container, string segment) => container switch
    {
        JsonObject obj => obj[segment],
        JsonArray array when JsonPointer.TryParseIndex(segment, out var index) && index < array.Count => array[index],
        _ => null,
    };

    private static void Set(JsonNode container, string segment, JsonNode? value)
    {
        switch (container)
        {
            case JsonObject obj:
                obj[segment] = value;
                break;
            case JsonArray array when JsonPointer.TryParseIndex(segment, out var index):
                while (array.Count <= index)
                {
                    array.Add(null);
                }

                array[index] = value;
                break;
        }
    }
}
