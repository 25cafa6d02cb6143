using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"const": the instance must equal the value (numbers by value, objects regardless of order).</summary>
internal sealed class ConstKeyword(JsonNode? value, string message) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        if (!schema.TryGetPropertyValue("const", out var node))
        {
            return null;
        }

        var text = node?.ToJsonString() ?? "null";
        return new ConstKeyword(JsonNodes.Freeze(node), $"must be {(text.Length > 200 ? text[..200] + "…" : text)}");
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (JsonEquality.DeepEquals(instance, value))
        {
            return true;
        }

        scope.Report(message);
        return false;
    }
}
