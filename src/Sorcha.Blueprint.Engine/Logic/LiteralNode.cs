using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// A constant. Held as an immutable JsonElement (safe to read from many threads) and handed out as a new node each
/// time, so a caller that attaches the result to its own tree never mutates the compiled rule. An array or object
/// literal is output each time it is handed out, counted by the length of its JSON text.
/// </summary>
internal sealed class LiteralNode : LogicNode
{
    private readonly JsonElement _value;
    private readonly int _size;

    public LiteralNode(JsonElement value)
    {
        _value = value;
        _size = value.ValueKind is JsonValueKind.Object or JsonValueKind.Array ? value.GetRawText().Length : 0;
    }

    public override JsonNode? Evaluate(JsonNode? data, LogicScope scope)
    {
        scope.Budget.Step();
        scope.Budget.Produce(_size);
        return _value.ValueKind switch
        {
            JsonValueKind.Null or JsonValueKind.Undefined => null,
            JsonValueKind.Object => JsonObject.Create(_value),
            JsonValueKind.Array => JsonArray.Create(_value),
            _ => JsonValue.Create(_value),
        };
    }
}
