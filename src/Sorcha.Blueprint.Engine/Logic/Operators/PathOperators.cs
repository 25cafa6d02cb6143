using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Logic.Operators;

/// <summary>
/// val and exists (the newer JSON Logic access operators): a path given as separate keys, so keys may contain dots;
/// a leading [n] climbs n levels out of the enclosing iterations first (see <see cref="LogicFrame"/>).
/// </summary>
internal static class PathOperators
{
    public static IEnumerable<LogicOperator> All()
    {
        yield return LogicOperator.WithScope("val", 0, -1, (args, data, scope) => Val(args, data, scope));
        yield return LogicOperator.WithScope("exists", 0, -1, (args, data, scope) => JsValue.Bool(TryWalk(args, data, scope, out _)));
    }

    private static JsonNode? Val(JsonNode?[] args, JsonNode? data, LogicScope scope)
    {
        if (!TryWalk(args, data, scope, out var value))
        {
            return null;
        }

        // As for var: the caller's root has no parent, so later Detach calls could not tell it is borrowed; copy it.
        return value is not null && value.Parent is null && ReferenceEquals(value, data) ? scope.Budget.Copy(value) : value;
    }

    private static bool TryWalk(JsonNode?[] args, JsonNode? data, LogicScope scope, out JsonNode? current)
    {
        current = data;
        var start = 0;
        if (args.Length > 0 && args[0] is JsonArray { Count: 1 } climb && JsonNumber.TryRead(climb[0], out var n) && n.IsInteger)
        {
            var up = (int)Math.Min(Math.Abs(n.Double), int.MaxValue);
            current = up == 0 ? data : LogicFrame.Climb(scope.Frames, up, scope.Budget);
            start = 1;
        }

        for (var i = start; i < args.Length; i++)
        {
            if (!TryStep(current, args[i], out current))
            {
                return false;
            }
        }

        return true;
    }

    private static bool TryStep(JsonNode? container, JsonNode? segment, out JsonNode? child)
    {
        child = null;
        var key = JsonEquality.KindOf(segment) == JsonValueKind.String ? segment!.GetValue<string>() : JsValue.ToJsString(segment);
        return container switch
        {
            JsonObject obj => obj.TryGetPropertyValue(key, out child),
            JsonArray array when int.TryParse(key, NumberStyles.None, CultureInfo.InvariantCulture, out var index) && index < array.Count =>
                (child = array[index]) is var _,
            _ => false,
        };
    }
}
