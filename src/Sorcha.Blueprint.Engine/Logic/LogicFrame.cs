using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// One level of iteration for {"val": [[n], …]}, which climbs out of map/filter/reduce/all/none/some/try: level 1 is
/// the iteration's own context ({"index": i}), level 2 the data around the iterator, and so on outwards. One record
/// per item, made only while iterating.
/// </summary>
internal sealed record LogicFrame(JsonNode? Enclosing, int Index, LogicFrame? Outer)
{
    /// <summary>The value <paramref name="levels"/> up from the current data (null above the outermost).</summary>
    public static JsonNode? Climb(LogicFrame? frame, int levels, WorkBudget budget)
    {
        for (var level = 1; frame is not null; level++)
        {
            if (level == levels)
            {
                budget.Produce(1);
                return frame.Index < 0 ? new JsonObject() : new JsonObject { ["index"] = frame.Index };
            }

            if (++level == levels)
            {
                return frame.Enclosing;
            }

            frame = frame.Outer;
        }

        return null;
    }
}
