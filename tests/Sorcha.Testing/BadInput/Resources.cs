using System.Text.RegularExpressions;

namespace Sorcha.Testing.BadInput;

/// <summary>The resources a suite made once (ids, addresses, documents), by placeholder name.</summary>
public sealed partial class Resources(IReadOnlyDictionary<string, string> values)
{
    public string this[string name] => values.TryGetValue(name, out var value)
        ? value
        : throw new KeyNotFoundException($"No resource '{name}' (known: {string.Join(", ", values.Keys)})");

    /// <summary>Replaces every <c>{name}</c> (or <c>{name:upper}</c>) that names a resource; other braces (JSON) stay.</summary>
    public string Fill(string template) => Placeholder().Replace(template, m =>
        !values.TryGetValue(m.Groups[1].Value, out var value) ? m.Value
        : m.Groups[2].Success ? value.ToUpperInvariant()
        : value);

    [GeneratedRegex(@"\{([A-Za-z][A-Za-z0-9]*)(:upper)?\}")]
    private static partial Regex Placeholder();
}
