namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// The names an expression can see: a chain of small frames ($let, each(x) of $map …) over the context and the
/// built-ins. A frame per iteration instead of a copy of the whole context (as the reference does) keeps $map linear.
/// </summary>
internal sealed class Scope(Scope? parent, IReadOnlyDictionary<string, object?> names)
{
    public bool TryGet(string name, out object? value)
    {
        for (var scope = this; scope is not null; scope = scope.Parent)
        {
            if (scope.Names.TryGetValue(name, out value))
            {
                return true;
            }
        }

        value = null;
        return false;
    }

    public Scope With(string name, object? value) => new(this, new Dictionary<string, object?>(StringComparer.Ordinal) { [name] = value });

    public Scope With(IReadOnlyDictionary<string, object?> names) => new(this, names);

    private Scope? Parent { get; } = parent;

    private IReadOnlyDictionary<string, object?> Names { get; } = names;
}
