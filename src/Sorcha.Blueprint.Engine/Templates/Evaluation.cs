namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// One rendering: the budget every step and every value built is charged to, the clock for fromNow, and the
/// expressions parsed so far (a $map renders the same expression once per item; it is parsed and paid for once).
/// </summary>
internal sealed class Evaluation(WorkBudget budget)
{
    private readonly Dictionary<(string Source, int Offset), (Expr Tree, int End)> _parsed = [];

    public WorkBudget Budget { get; } = budget;

    public void Step() => Budget.Step();

    /// <summary>A new array: one output unit for it and one per item.</summary>
    public JeArray Array(List<object?> items)
    {
        Budget.Produce(1 + items.Count);
        return new JeArray(items);
    }

    /// <summary>A new object: one output unit for it and one per property plus the characters of its name.</summary>
    public JeObject Object(Dictionary<string, object?> properties)
    {
        long size = 1;
        foreach (var name in properties.Keys)
        {
            size += 1 + name.Length;
        }

        Budget.Produce(size);
        return new JeObject(properties);
    }

    /// <summary>Charges a string about to be built, before it is, so that doubling a string stops at the budget.</summary>
    public void Characters(long count) => Budget.Produce(count);

    /// <summary>The expression at <paramref name="offset"/> of <paramref name="source"/>, parsed up to <paramref name="terminator"/> (or the end).</summary>
    public (Expr Tree, int End) Parse(string source, int offset, string? terminator)
    {
        // Reading the source again (to find it in the cache) costs its length: a step per 1 Ki characters.
        Budget.Steps(source.Length >> 10);
        if (!_parsed.TryGetValue((source, offset), out var parsed))
        {
            parsed = Parser.Parse(source, offset, terminator, Budget);
            _parsed[(source, offset)] = parsed;
        }

        return parsed;
    }
}
