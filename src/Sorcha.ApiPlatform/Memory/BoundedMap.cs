using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;

namespace Sorcha.ApiPlatform.Memory;

/// <summary>
/// What a process keeps in memory to skip work it would otherwise repeat on every request (validated tokens, records
/// that never change, leases, minted tokens), bounded: at most <c>capacity</c> entries. An add to a full map first drops
/// the entries that have <c>ended</c> (expired, for maps whose entries do), and if that frees nothing, all of them: a
/// full map means callers cycle through more keys than are worth keeping, and emptying it costs only the work it saved.
/// <para>
/// Not MemoryCache: past its size limit it refuses new entries until a compaction on another thread catches up, its
/// expiry reads a wall clock rather than each owner's own rule (a lease counted in monotonic ticks from a read's start),
/// and it wraps every entry in an object of its own; these maps sit on every request's path.
/// </para>
/// </summary>
public sealed class BoundedMap<TKey, TValue>(int capacity, Func<TValue, bool>? ended = null, IEqualityComparer<TKey>? comparer = null)
    where TKey : notnull
{
    private readonly ConcurrentDictionary<TKey, TValue> _entries = new(comparer);

    public int Count => _entries.Count;

    public bool TryGetValue(TKey key, [MaybeNullWhen(false)] out TValue value) => _entries.TryGetValue(key, out value);

    /// <summary>Adds or replaces.</summary>
    public void Set(TKey key, TValue value)
    {
        MakeRoom();
        _entries[key] = value;
    }

    /// <summary>Adds unless the key is there (the first of two concurrent readers wins; both read the same).</summary>
    public bool TryAdd(TKey key, TValue value)
    {
        MakeRoom();
        return _entries.TryAdd(key, value);
    }

    public bool Remove(TKey key) => _entries.TryRemove(key, out _);

    /// <summary>Removes the entry only while it is still <paramref name="value"/> (not one set since).</summary>
    public bool Remove(TKey key, TValue value) => _entries.TryRemove(KeyValuePair.Create(key, value));

    private void MakeRoom()
    {
        if (_entries.Count < capacity)
        {
            return;
        }

        if (ended is not null)
        {
            foreach (var entry in _entries)
            {
                if (ended(entry.Value))
                {
                    _entries.TryRemove(entry);
                }
            }
        }

        if (_entries.Count >= capacity)
        {
            _entries.Clear();
        }
    }
}
