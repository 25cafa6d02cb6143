using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Components;

namespace Sorcha.Web.Forms;

/// <summary>What every field component has: the form's state, its layout, where its value lives, and the ids and ARIA that tie its label, help and messages together.</summary>
public abstract class FieldBase : ComponentBase
{
    [Parameter]
    [EditorRequired]
    public FormState State { get; set; } = null!;

    [Parameter]
    [EditorRequired]
    public FieldSpec Spec { get; set; } = null!;

    [Parameter]
    [EditorRequired]
    public Slot Slot { get; set; } = null!;

    protected string Id => State.Id(Slot.At);

    protected string HelpId => Id + "-help";

    protected string MessagesId => Id + "-msg";

    protected bool Required => State.IsRequired(Slot.At);

    protected virtual bool IsObject => false;

    protected IReadOnlyList<string> Messages => State.MessagesFor(Slot.At, IsObject);

    protected string? Help => FieldMessages.HelpText(Spec);

    /// <summary>Neither the form's Disabled nor readOnly lets a value change.</summary>
    protected bool Locked => State.Disabled || Spec.ReadOnly;

    protected string? DescribedBy =>
        string.Join(' ', (Help is null ? [] : (string[])[HelpId]).Concat(Messages.Count == 0 ? [] : [MessagesId])) is { Length: > 0 } ids ? ids : null;

    protected string? AriaInvalid => Messages.Count > 0 ? "true" : null;

    protected string? AriaRequired => Required ? "true" : null;

    /// <summary>Writes the value (null: an empty input, which removes the key) and tells the form.</summary>
    protected Task CommitAsync(JsonNode? value)
    {
        if (Locked)
        {
            return Task.CompletedTask;
        }

        if (value is null)
        {
            Slot.Remove(State.IsRequired);
        }
        else
        {
            Slot.Set(value);
        }

        return State.ChangedAsync(Slot.At);
    }

    protected Task TouchAsync() => State.TouchedAsync(Slot.At);
}
