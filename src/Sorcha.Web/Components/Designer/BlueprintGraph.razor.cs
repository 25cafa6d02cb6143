using Blazor.Diagrams;
using Blazor.Diagrams.Options;
using Blazor.Diagrams.Core.Geometry;
using Blazor.Diagrams.Core.Models;
using Blazor.Diagrams.Core.PathGenerators;
using Microsoft.AspNetCore.Components;
using Sorcha.Web.Designer;

namespace Sorcha.Web.Components.Designer;

/// <summary>
/// Rebuilds the diagram when the designer's checks run (<see cref="Revision"/>), not on every key. A node the author
/// moved keeps its place across rebuilds (by action id); a new one is placed by <see cref="ActionGraph"/>'s layers.
/// </summary>
public sealed partial class BlueprintGraph
{
    private const double LayerWidth = 190;
    private const double RowHeight = 100;
    private readonly BlazorDiagram _diagram = new(new BlazorDiagramOptions
    {
        AllowMultiSelection = false,
        Links = { DefaultPathGenerator = new SmoothPathGenerator() },
    });
    private readonly Dictionary<string, Point> _moved = new(StringComparer.Ordinal);
    private IReadOnlyList<PlacedAction> _actions = [];
    private IReadOnlyList<RouteEdge> _edges = [];
    private int _built = -1;

    [Parameter, EditorRequired]
    public BlueprintDraft Draft { get; set; } = default!;

    /// <summary>Bumped by the designer each time the document has been checked.</summary>
    [Parameter]
    public int Revision { get; set; }

    /// <summary>An action chosen from the outline (its index).</summary>
    [Parameter]
    public EventCallback<int> OnOpen { get; set; }

    protected override void OnParametersSet()
    {
        if (Revision == _built)
        {
            return;
        }

        _built = Revision;
        foreach (var node in _diagram.Nodes.OfType<ActionNode>())
        {
            _moved[node.Action.Id] = node.Position;
        }

        (_actions, _edges) = ActionGraph.Lay(Draft);
        _diagram.Batch(Build);
    }

    private void Build()
    {
        _diagram.Links.Clear();
        _diagram.Nodes.Clear();
        var nodes = new Dictionary<string, NodeModel>(StringComparer.Ordinal);
        foreach (var action in _actions)
        {
            var at = _moved.GetValueOrDefault(action.Id) ?? new Point(20 + action.Layer * LayerWidth, 20 + action.Row * RowHeight);
            var node = new ActionNode(at, action);
            node.AddPort(PortAlignment.Left);
            node.AddPort(PortAlignment.Right);
            nodes.TryAdd(action.Id, node);
            _diagram.Nodes.Add(node);
        }

        foreach (var edge in _edges.Where(e => e.From != e.To))
        {
            if (nodes.TryGetValue(edge.From, out var from) && nodes.TryGetValue(edge.To, out var to))
            {
                var link = new LinkModel(from.GetPort(PortAlignment.Right)!, to.GetPort(PortAlignment.Left)!) { TargetMarker = LinkMarker.Arrow };
                link.Labels.Add(new LinkLabelModel(link, Shorten(edge.Label)));
                _diagram.Links.Add(link);
            }
        }
    }

    private static string Shorten(string label) => label.Length > 40 ? label[..39] + "…" : label;
}

/// <summary>A node for one action; its title (the text the node shows) marks the first action and an unreachable one.</summary>
public sealed class ActionNode : NodeModel
{
    public ActionNode(Point position, PlacedAction action)
        : base(position)
    {
        Action = action;
        Title = (action.First ? "▶ first: " : "") + (action.Reachable ? "" : "⚠ unreachable: ") + $"{action.Title} ({action.Sender})";
    }

    public PlacedAction Action { get; }
}
