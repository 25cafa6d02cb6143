// The step form renderer (docs/web.md, "The form from a JSON Schema"). Ours, not a library's: no Blazor JSON Schema
// form package is served, and the validator must be the engine's own so that the form's messages are the server's.
// SchemaReader decides the layout (pure C#), FormState holds touched fields, required marks and placed messages, and
// the field components draw native HTML controls, which are accessible by default and need no JS interop.
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Components;
using Sorcha.Blueprint.Engine;
using Sorcha.Blueprint.Engine.Schema;
using Sorcha.Contracts.Execution;

namespace Sorcha.Web.Forms;

/// <summary>
/// A form for an action's data schema, editing <see cref="Data"/> in place and validating it with the engine, under
/// the same default <see cref="EngineLimits"/> as the Blueprint service. A new <see cref="Schema"/> node resets the
/// form (pass a new node rather than mutating the old one); a new <see cref="Data"/> object is prefilled with defaults.
/// </summary>
public partial class SchemaForm
{
    private JsonNode? _schema;
    private string? _idPrefix;
    private bool _read;
    private JsonObject? _prefilled;
    private IReadOnlyDictionary<string, string[]>? _serverErrors;
    private FormState _state = null!;
    private JsonSchema? _validator;
    private string? _schemaProblem;
    private List<ValidationError> _errors = [];

    [Parameter]
    public JsonNode? Schema { get; set; }

    [Parameter]
    [EditorRequired]
    public JsonObject Data { get; set; } = [];

    [Parameter]
    public EventCallback<JsonObject> DataChanged { get; set; }

    /// <summary>
    /// The server's 422 <c>errors</c>: JSON Pointers into the data, as the Blueprint service names them ("/amount",
    /// "/address/city", "" for the whole data). A key that is not a pointer (a 400's "sender", "data") goes to the banner.
    /// </summary>
    [Parameter]
    public IReadOnlyDictionary<string, string[]>? ServerErrors { get; set; }

    [Parameter]
    public bool Disabled { get; set; }

    /// <summary>Starts every element id, so that two forms on one page have distinct ids.</summary>
    [Parameter]
    public string IdPrefix { get; set; } = "sf";

    /// <summary>Every problem of the data now: the engine's, and the JSON editors' parse errors.</summary>
    public IReadOnlyList<ValidationError> Errors => _errors;

    /// <summary>Marks every field touched, shows every message, and says whether the data is valid.</summary>
    public bool Validate()
    {
        _state.ShowAll = true;
        Recompute();
        StateHasChanged();
        return _errors.Count == 0;
    }

    protected override void OnParametersSet()
    {
        if (!_read || !ReferenceEquals(Schema, _schema) || IdPrefix != _idPrefix)
        {
            Read();
        }

        if (!ReferenceEquals(Data, _prefilled))
        {
            _prefilled = Data;
            _state.Prefill(Data);
        }

        if (!ReferenceEquals(ServerErrors, _serverErrors))
        {
            _serverErrors = ServerErrors;
            _state.NewServerErrors();
        }

        _state.Disabled = Disabled;
        Recompute();
    }

    private void Read()
    {
        _read = true;
        _schema = Schema;
        _idPrefix = IdPrefix;
        _state = new FormState(SchemaReader.Read(Schema), new ConditionSchemas(Schema), IdPrefix) { Notify = OnFieldAsync };
        _prefilled = null;
        _serverErrors = null;
        _schemaProblem = null;
        try
        {
            // What the service compiles: the action's dataSchema, or true when there is none.
            _validator = JsonSchema.Compile(Schema ?? JsonValue.Create(true));
        }
        catch (InvalidSchemaException e)
        {
            _validator = null;
            _schemaProblem = e.Message;
        }
    }

    private async Task OnFieldAsync(string at, bool changed)
    {
        if (changed)
        {
            Recompute();
        }

        StateHasChanged();
        if (changed)
        {
            await DataChanged.InvokeAsync(Data);
        }
    }

    private void Recompute()
    {
        var errors = new List<ValidationError>();
        try
        {
            errors.AddRange(_validator?.Evaluate(Data, new WorkBudget(new EngineLimits())) ?? []);
        }
        catch (BudgetExceededException e)
        {
            errors.Add(new ValidationError(string.Empty, e.Message));
        }

        _state.Recompute(Data, errors, ServerProblems());
        errors.AddRange(_state.ParseErrors);
        if (_schemaProblem is not null)
        {
            // The server cannot run this action either; the data can never be valid for it.
            errors.Insert(0, new ValidationError(string.Empty, _schemaProblem));
        }

        _errors = errors;
    }

    private IEnumerable<ValidationError> ServerProblems() =>
        (ServerErrors ?? new Dictionary<string, string[]>()).SelectMany(e => e.Value.Select(m =>
            new ValidationError(e.Key.Length == 0 || e.Key.StartsWith('/') ? e.Key : string.Empty, m)));

    // The root object has no fieldset: its own messages (and ones that match no field) are the banner.
    private List<string> Banner =>
    [
        .. _schemaProblem is null ? [] : (string[])[_schemaProblem],
        .. _state.Root.Kind == FieldKind.Fieldset ? _state.MessagesFor(string.Empty, isObject: true) : [],
    ];
}
