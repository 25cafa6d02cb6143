using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"enum": the instance must equal (JSON equality) one of the listed values.</summary>
internal sealed class EnumKeyword(JsonNode?[] values, string display) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        if (!schema.TryGetPropertyValue("enum", out var node))
        {
            return null;
        }

        if (node is not JsonArray array || array.Count == 0)
        {
            compiler.Problem(JsonPointer.Append(pointer, "enum"), "'enum' must be a non-empty array");
            return null;
        }

        var frozen = array.Select(JsonNodes.Freeze).ToArray();
        var display = string.Join(", ", frozen.Select(v => v?.ToJsonString() ?? "null"));
        return new EnumKeyword(frozen, display.Length > 200 ? display[..200] + "…" : display);
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        foreach (var value in values)
        {
            if (JsonEquality.DeepEquals(instance, value))
            {
                return true;
            }
        }

        scope.Report($"must be one of: {display}");
        return false;
    }
}
