using System.Text.Json.Nodes;

namespace Sorcha.Web.Forms;

/// <summary>
/// Where one field's value lives in the data: a member of an object or an item of an array, reached from the root
/// object that the form edits in place. Containers are created when a value is first written into them, and an
/// object left empty by a removal is removed from its parent unless it is required, so that an optional fieldset
/// nobody filled in is absent, not {}.
/// </summary>
public sealed class Slot
{
    private readonly JsonObject? _data;
    private readonly Slot? _parent;
    private readonly string? _key;
    private readonly int _index;

    private Slot(JsonObject? data, Slot? parent, string? key, int index, string at)
    {
        _data = data;
        _parent = parent;
        _key = key;
        _index = index;
        At = at;
    }

    /// <summary>The JSON Pointer of the value in the data.</summary>
    public string At { get; }

    public bool IsRoot => _parent is null;

    /// <summary>The current value; null when absent (or JSON null).</summary>
    public JsonNode? Value => _parent is null ? _data : (_parent.Value, _key) switch
    {
        (JsonObject obj, { } key) => obj.TryGetPropertyValue(key, out var v) ? v : null,
        (JsonArray array, null) when _index < array.Count => array[_index],
        _ => null,
    };

    public bool Exists => _parent is null || (_parent.Value, _key) switch
    {
        (JsonObject obj, { } key) => obj.ContainsKey(key),
        (JsonArray array, null) => _index < array.Count,
        _ => false,
    };

    public static Slot Root(JsonObject data) => new(data, null, null, 0, string.Empty);

    public Slot Child(string key) => new(null, this, key, 0, Pointers.Append(At, key));

    public Slot Child(int index) => new(null, this, null, index, Pointers.Append(At, index));

    /// <summary>Writes the value (a node that already has a parent is copied). The root takes an object's members.</summary>
    public void Set(JsonNode? value)
    {
        value = value?.Parent is null ? value : value.DeepClone();
        if (_parent is null)
        {
            var root = _data!;
            root.Clear();
            foreach (var (name, member) in value?.AsObject().ToList() ?? [])
            {
                value!.AsObject().Remove(name);
                root[name] = member;
            }

            return;
        }

        if (_key is { } key)
        {
            _parent.Ensure(() => new JsonObject())[key] = value;
        }
        else
        {
            var array = _parent.Ensure(() => new JsonArray());
            while (array.Count <= _index)
            {
                array.Add(null);
            }

            array[_index] = value;
        }
    }

    /// <summary>
    /// An empty input: a member is removed (not set to ""), an array item (which cannot be absent) becomes null.
    /// <paramref name="keepEmpty"/> says which objects stay when emptied (required ones).
    /// </summary>
    public void Remove(Func<string, bool> keepEmpty)
    {
        if (_parent is null)
        {
            _data!.Clear();
        }
        else if (_key is { } key)
        {
            if (_parent.Value is JsonObject obj && obj.Remove(key) && obj.Count == 0 && !_parent.IsRoot &&
                _parent._key is not null && !keepEmpty(_parent.At))
            {
                _parent.Remove(keepEmpty);
            }
        }
        else if (_parent.Value is JsonArray array && _index < array.Count)
        {
            array[_index] = null;
        }
    }

    /// <summary>The container this slot holds, created (replacing a value of another kind) when absent.</summary>
    public T Ensure<T>(Func<T> create)
        where T : JsonNode
    {
        if (Value is T container)
        {
            return container;
        }

        var created = create();
        Set(created);
        return created;
    }
}
