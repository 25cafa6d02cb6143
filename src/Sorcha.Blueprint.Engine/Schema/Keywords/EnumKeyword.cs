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

        // An empty enum is allowed by the spec (nothing is valid), so it is not a problem.
        if (node is not JsonArray array)
        {
            compiler.Problem(JsonPointer.Append(pointer, "enum"), "'enum' must be an array");
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

        scope.Report(values.Length == 0 ? "no value is allowed here (the enum is empty)" : $"must be one of: {display}");
        return false;
    }
}
