using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>
/// $dynamicRef: resolved like $ref, and when that lands on a $dynamicAnchor of the same name, the outermost resource in
/// the dynamic scope (the resources evaluation passed through) that declares that anchor wins. The candidates are all
/// compiled in advance, so evaluating is a walk up the scope (one step per resource, at most the depth limit).
/// </summary>
internal sealed class DynamicRefKeyword(string reference) : IKeyword, IReference
{
    private SchemaNode _target = SchemaNode.True;

    public string Reference { get; } = reference;

    /// <summary>The anchor name when the static target is a $dynamicAnchor of that name; null means "acts as $ref".</summary>
    public string? Name { get; private set; }

    /// <summary>Per resource URI, its $dynamicAnchor of <see cref="Name"/>; filled by the compiler.</summary>
    public Dictionary<string, SchemaNode> Candidates { get; } = new(StringComparer.Ordinal);

    public SchemaNode Target
    {
        get => _target;
        set
        {
            _target = value;
            var hash = Reference.IndexOf('#', StringComparison.Ordinal);
            var fragment = hash < 0 ? string.Empty : Reference[(hash + 1)..];
            Name = fragment.Length > 0 && fragment[0] != '/' && value.DynamicAnchor == fragment ? fragment : null;
        }
    }

    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        if (compiler.String(schema, "$dynamicRef", pointer) is not { } reference)
        {
            return null;
        }

        var keyword = new DynamicRefKeyword(reference);
        compiler.EnqueueRef(keyword, JsonPointer.Append(pointer, "$dynamicRef"));
        return keyword;
    }

    /// <summary>Any candidate may be chosen, so cycle detection sees them all.</summary>
    public IEnumerable<SchemaNode> InPlace => [_target, .. Candidates.Values];

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope) => Resolve(scope).Evaluate(instance, scope);

    private SchemaNode Resolve(in EvaluationScope scope)
    {
        if (Name is null)
        {
            return _target;
        }

        var chosen = _target;
        for (var link = scope.Dynamic; link is not null; link = link.Outer)
        {
            scope.Budget.Step();
            if (Candidates.TryGetValue(link.Resource, out var candidate))
            {
                chosen = candidate;
            }
        }

        return chosen;
    }
}
