using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// The properties (by position) or items of one instance that the keywords of a schema evaluated successfully: the
/// annotations unevaluatedProperties/unevaluatedItems read. Created only while such a keyword is in force, and paid for
/// in steps — one per property or item, each time it is created or merged — since a deep schema over a wide object
/// would otherwise do schema × instance work for free.
/// </summary>
internal sealed class EvaluatedLocations
{
    private readonly bool[] _marks;
    private readonly WorkBudget _budget;

    private EvaluatedLocations(int count, WorkBudget budget)
    {
        budget.Steps(count);
        _marks = new bool[count];
        _budget = budget;
    }

    /// <summary>A set for objects and arrays; null for other values, which have nothing to annotate.</summary>
    public static EvaluatedLocations? For(JsonNode? instance, WorkBudget budget) => instance switch
    {
        JsonObject obj => new EvaluatedLocations(obj.Count, budget),
        JsonArray array => new EvaluatedLocations(array.Count, budget),
        _ => null,
    };

    public bool this[int index] => _marks[index];

    public void Mark(int index) => _marks[index] = true;

    public void Mark(int start, int end) => Array.Fill(_marks, true, start, end - start);

    /// <summary>Adds what a subschema evaluated, once it is known to have passed.</summary>
    public void MergeInto(EvaluatedLocations outer)
    {
        _budget.Steps(_marks.Length);
        for (var i = 0; i < _marks.Length; i++)
        {
            outer._marks[i] |= _marks[i];
        }
    }
}
