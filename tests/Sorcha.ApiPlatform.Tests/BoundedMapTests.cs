using Sorcha.ApiPlatform.Memory;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>The bound every in-memory map of the services shares: ended entries go first, and otherwise all.</summary>
public sealed class BoundedMapTests
{
    [Fact]
    public void A_full_map_drops_its_ended_entries_first()
    {
        var map = new BoundedMap<int, int>(4, ended: v => v < 0);
        foreach (var (key, value) in new[] { (1, -1), (2, 2), (3, -3), (4, 4) })
        {
            map.Set(key, value);
        }

        map.Set(5, 5);

        Assert.Equal(3, map.Count);
        Assert.False(map.TryGetValue(1, out _));
        Assert.True(map.TryGetValue(2, out var kept) && kept == 2);
        Assert.True(map.TryGetValue(5, out _));
    }

    [Fact]
    public void A_full_map_with_nothing_ended_is_emptied_and_never_exceeds_its_bound()
    {
        var map = new BoundedMap<string, int>(3, comparer: StringComparer.OrdinalIgnoreCase);
        for (var i = 0; i < 10; i++)
        {
            Assert.True(map.TryAdd($"k{i}", i));
            Assert.InRange(map.Count, 1, 3);
        }

        Assert.False(map.TryAdd("K9", 0)); // the comparer is the map's
        Assert.True(map.TryGetValue("k9", out var last) && last == 9);
    }

    [Fact]
    public void Removing_by_value_leaves_an_entry_set_since()
    {
        var map = new BoundedMap<string, string>(10);
        map.Set("a", "old");
        map.Set("a", "new");

        Assert.False(map.Remove("a", "old"));
        Assert.True(map.Remove("a", "new"));
        Assert.False(map.Remove("a"));
    }
}
