using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// A constant. Held as an immutable JsonElement (safe to read from many threads) and handed out as a new node each
/// time, so a caller that attaches the result to its own tree never mutates the compiled rule.
/// </summary>
internal sealed class LiteralNode(JsonElement value) : LogicNode
{
    public override JsonNode? Evaluate(JsonNode? data, int depth) => value.ValueKind switch
    {
        JsonValueKind.Null or JsonValueKind.Undefined => null,
        JsonValueKind.Object => JsonObject.Create(value),
        JsonValueKind.Array => JsonArray.Create(value),
        _ => JsonValue.Create(value),
    };
}
