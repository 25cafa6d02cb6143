using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Components;
using Microsoft.JSInterop;
using Sorcha.Contracts.Execution;
using Sorcha.Web.Designer;

namespace Sorcha.Web.Components.Designer;

/// <summary>
/// The designer's state: which action is open, and the problems. The checks run after the author pauses
/// (<see cref="Debounce"/>), not on every key, and always on the latest document; each run is the engine's own
/// publish validation, bounded as the server bounds it.
/// </summary>
public sealed partial class BlueprintEditor
{
    private CancellationTokenSource? _pending;
    private IJSObjectReference? _module;
    private int _selected;
    private int _revision;

    [Inject]
    private IJSRuntime JS { get; set; } = default!;

    [Inject]
    private NavigationManager Navigation { get; set; } = default!;

    [Parameter, EditorRequired]
    public BlueprintDraft Draft { get; set; } = default!;

    [Parameter]
    public bool ReadOnly { get; set; }

    /// <summary>How long the author pauses before the checks run again.</summary>
    [Parameter]
    public TimeSpan Debounce { get; set; } = TimeSpan.FromMilliseconds(400);

    /// <summary>Every edit, at once (the page marks the draft unsaved).</summary>
    [Parameter]
    public EventCallback Edited { get; set; }

    /// <summary>The problems after each run of the checks (the page offers Publish only when there are none).</summary>
    [Parameter]
    public EventCallback<IReadOnlyList<ValidationError>> ProblemsChanged { get; set; }

    public IReadOnlyList<ValidationError> Problems { get; private set; } = [];

    private JsonObject? Selected => _selected < Draft.Actions.Count ? Draft.Actions[_selected] as JsonObject : null;

    private List<(string Value, string Text)> ParticipantOptions =>
        [.. Draft.Participants.OfType<JsonObject>().Select(p => (BlueprintDraft.Text(p, "id"), $"{BlueprintDraft.Text(p, "name")} ({BlueprintDraft.Text(p, "id")})"))];

    private List<(string Value, string Text)> ActionOptions =>
        [.. Draft.Actions.OfType<JsonObject>().Select(a => (BlueprintDraft.Text(a, "id"), $"{BlueprintDraft.Text(a, "title")} ({BlueprintDraft.Text(a, "id")})"))];

    private BlueprintDraft? _checked;

    protected override async Task OnParametersSetAsync()
    {
        if (!ReferenceEquals(_checked, Draft))
        {
            // A document opened (or reloaded after a save): check it now, and start on its first action.
            _checked = Draft;
            _selected = 0;
            await CheckAsync();
        }
    }

    private async Task EditedAsync()
    {
        await Edited.InvokeAsync();
        if (_pending is not null)
        {
            await _pending.CancelAsync();
            _pending.Dispose();
        }

        var pending = _pending = new CancellationTokenSource();
        try
        {
            await Task.Delay(Debounce, pending.Token);
            await CheckAsync();
        }
        catch (OperationCanceledException)
        {
            // a later edit came first; its run checks the newer document
        }
    }

    private async Task CheckAsync()
    {
        Problems = DraftChecks.Run(Draft);
        _revision++;
        await ProblemsChanged.InvokeAsync(Problems);
        StateHasChanged();
    }

    private async Task AddActionAsync()
    {
        var n = Draft.Actions.Count + 1;
        var sender = Draft.Participants.Count > 0 ? BlueprintDraft.Text(Draft.Participants[0] as JsonObject, "id") : "";
        Draft.Actions.Add(new JsonObject
        {
            ["id"] = $"action{n}", ["title"] = $"Action {n}", ["sender"] = sender,
            ["dataSchema"] = new JsonObject { ["type"] = "object", ["properties"] = new JsonObject() },
        });
        _selected = n - 1;
        await EditedAsync();
    }

    private async Task RemoveActionAsync()
    {
        Draft.Actions.RemoveAt(_selected);
        _selected = Math.Max(0, _selected - 1);
        await EditedAsync();
    }

    private async Task OpenAsync(int index)
    {
        _selected = index;
        StateHasChanged();
        await Task.Yield();
        await RevealAsync(FieldTargets.Id($"/actions/{index}"));
    }

    /// <summary>Opens the action a problem is in, then brings its field (the nearest one the editors show) into view.</summary>
    private async Task GoToAsync(string at)
    {
        if (FieldTargets.ActionIndex(at) is { } index && index < Draft.Actions.Count)
        {
            _selected = index;
        }

        StateHasChanged();
        await Task.Yield();
        for (string? path = at; path is not null; path = Sorcha.Web.Forms.Pointers.Parent(path))
        {
            if (await RevealAsync(FieldTargets.Id(path)))
            {
                return;
            }
        }
    }

    private async Task<bool> RevealAsync(string id)
    {
        try
        {
            _module ??= await JS.InvokeAsync<IJSObjectReference>("import", Navigation.BaseUri + Assets["js/designer.js"]);
            return await _module.InvokeAsync<bool>("reveal", id);
        }
        catch (JSException)
        {
            return false;
        }
    }

    public async ValueTask DisposeAsync()
    {
        _pending?.Dispose();
        try
        {
            if (_module is not null)
            {
                await _module.DisposeAsync();
            }
        }
        catch (JSDisconnectedException)
        {
            // the circuit is gone, and the module with it
        }
    }
}
