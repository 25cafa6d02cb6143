using System.Collections.Concurrent;

namespace Sorcha.Blueprint.Engine.Execution;

using Sorcha.Contracts.Blueprints;

/// <summary>
/// Compiled actions keyed by (blueprint id, version, action id); hold one as a singleton. The key relies on the
/// service bumping <see cref="Blueprint.Version"/> on every change (or calling <see cref="Invalidate"/>). Bounded:
/// when full it is simply cleared, since recompiling is cheap next to keeping LRU bookkeeping on the hot path.
/// </summary>
public sealed class CompiledActionCache(int capacity = 1024)
{
    private readonly ConcurrentDictionary<(string BlueprintId, int Version, string ActionId), Lazy<CompiledAction>> _entries = new();

    public int Count => _entries.Count;

    /// <summary>The compiled action, compiling on first use; throws <see cref="InvalidBlueprintException"/> (not cached) if it cannot compile.</summary>
    public CompiledAction GetOrCompile(BlueprintDocument blueprint, BlueprintAction action)
    {
        var key = (blueprint.Id, blueprint.Version, action.Id);
        if (!_entries.TryGetValue(key, out var entry))
        {
            if (_entries.Count >= capacity)
            {
                _entries.Clear();
            }

            // Lazy makes concurrent first callers share one compilation: compiling reads the blueprint's JsonNodes,
            // which initialise lazily and are not safe to read from two threads at once.
            entry = _entries.GetOrAdd(key, _ => new Lazy<CompiledAction>(() => CompiledAction.Compile(blueprint, action)));
        }

        try
        {
            return entry.Value;
        }
        catch (InvalidBlueprintException)
        {
            // Lazy caches the exception; drop it so a corrected blueprint with the same key can compile later.
            _entries.TryRemove(new KeyValuePair<(string, int, string), Lazy<CompiledAction>>(key, entry));
            throw;
        }
    }

    /// <summary>Drops every cached action of a blueprint (all versions), e.g. after a PUT or DELETE.</summary>
    public void Invalidate(string blueprintId)
    {
        foreach (var key in _entries.Keys)
        {
            if (key.BlueprintId == blueprintId)
            {
                _entries.TryRemove(key, out _);
            }
        }
    }
}
