using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine;
using Sorcha.Contracts.Execution;

namespace Sorcha.Web.Forms;

/// <summary>
/// What one form knows between renders: which fields are touched, which are required for the data as it is now, and
/// every message placed on the field it belongs to (the engine's, the server's, the JSON editors' parse errors). The
/// field components read it; <see cref="SchemaForm"/> recomputes it after every change.
/// </summary>
public sealed class FormState(FieldSpec root, ConditionSchemas conditions, string idPrefix)
{
    private readonly HashSet<string> _touched = new(StringComparer.Ordinal);
    private readonly HashSet<string> _required = new(StringComparer.Ordinal);
    private readonly HashSet<string> _fields = new(StringComparer.Ordinal);
    private readonly Dictionary<string, List<string>> _engine = new(StringComparer.Ordinal);
    private readonly Dictionary<string, List<string>> _server = new(StringComparer.Ordinal);
    private readonly HashSet<string> _edited = new(StringComparer.Ordinal);
    private readonly Dictionary<string, (string Text, string Message)> _parse = new(StringComparer.Ordinal);

    public FieldSpec Root { get; } = root;

    public string IdPrefix { get; } = idPrefix;

    public bool Disabled { get; set; }

    /// <summary>After Validate(): every field shows its messages, touched or not.</summary>
    public bool ShowAll { get; set; }

    /// <summary>Set by the form: a field's value changed (true) or it was only left (false).</summary>
    internal Func<string, bool, Task> Notify { get; set; } = (_, _) => Task.CompletedTask;

    public string Id(string at) => Pointers.ToId(IdPrefix, at);

    public bool IsRequired(string at) => _required.Contains(at);

    public IReadOnlyCollection<string> Fields => _fields;

    /// <summary>The JSON editors' parse errors, as problems of the data (Validate() is false while one stands).</summary>
    public IEnumerable<ValidationError> ParseErrors => _parse.Select(p => new ValidationError(p.Key, p.Value.Message));

    /// <summary>
    /// The messages beside a field: the server's until the field is edited, the JSON editor's parse error, and the
    /// engine's once the field is touched (or after Validate()). An object's own messages wait for Validate().
    /// </summary>
    public IReadOnlyList<string> MessagesFor(string at, bool isObject = false)
    {
        var messages = new List<string>();
        if (!_edited.Contains(at) && _server.TryGetValue(at, out var server))
        {
            messages.AddRange(server);
        }

        if (_parse.TryGetValue(at, out var parse))
        {
            messages.Add(parse.Message);
        }
        else if (_engine.TryGetValue(at, out var engine) && (ShowAll || (!isObject && _touched.Contains(at))))
        {
            messages.AddRange(engine.Where(m => !messages.Contains(m)));
        }

        return messages;
    }

    public string? ParseText(string at) => _parse.TryGetValue(at, out var p) ? p.Text : null;

    public void SetParseError(string at, string? text, string? message)
    {
        if (message is null)
        {
            _parse.Remove(at);
        }
        else
        {
            _parse[at] = (text ?? string.Empty, message);
        }
    }

    public Task ChangedAsync(string at)
    {
        _touched.Add(at);
        _edited.Add(at);
        return Notify(at, true);
    }

    public Task TouchedAsync(string at) => _touched.Add(at) ? Notify(at, false) : Task.CompletedTask;

    /// <summary>New server errors (a fresh 422): shown again on every field until it is edited.</summary>
    internal void NewServerErrors() => _edited.Clear();

    /// <summary>Required marks and the fields present for <paramref name="data"/>, then the engine's errors placed on them.</summary>
    internal void Recompute(JsonObject data, IReadOnlyList<ValidationError> engineErrors, IEnumerable<ValidationError> serverErrors)
    {
        _required.Clear();
        _fields.Clear();
        var walk = new FormWalk(conditions, new WorkBudget(), _required, _fields);
        walk.Visit(Root, string.Empty, data);
        Place(engineErrors, _engine);
        Place(serverErrors, _server);
    }

    /// <summary>Defaults (and false for required checkboxes, which have no empty state) where a key is absent; once per data object.</summary>
    internal void Prefill(JsonObject data) => PrefillRow(Root, data);

    /// <summary>The same for a new row of an array of objects.</summary>
    internal void PrefillRow(FieldSpec spec, JsonObject data)
    {
        if (spec.Kind == FieldKind.Fieldset)
        {
            new FormWalk(conditions, new WorkBudget(), [], []).Prefill(spec, data);
        }
    }

    // An error belongs to the deepest rendered field its pointer starts with; the root ("") catches the rest.
    private void Place(IEnumerable<ValidationError> errors, Dictionary<string, List<string>> into)
    {
        into.Clear();
        foreach (var error in errors)
        {
            var at = error.Pointer;
            while (!_fields.Contains(at) && Pointers.Parent(at) is { } parent)
            {
                at = parent;
            }

            if (!into.TryGetValue(at, out var list))
            {
                into[at] = list = [];
            }

            if (!list.Contains(error.Message))
            {
                list.Add(error.Message);
            }
        }
    }
}
