using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>A compiled schema: a boolean schema or the list of assertion keywords of a schema object.</summary>
internal sealed class SchemaNode
{
    // Deep enough for any realistic nesting; guards the stack against long chains of in-place $refs (cycles among
    // them are rejected when compiling).
    internal const int MaxDepth = 200;

    private readonly bool? _constant;
    private IKeyword[] _keywords;
    private bool _collectsAnnotations;

    private SchemaNode(bool? constant, string resource)
    {
        _constant = constant;
        _keywords = [];
        Resource = resource;
    }

    public static SchemaNode True { get; } = new(true, string.Empty);

    public static SchemaNode False { get; } = new(false, string.Empty);

    public bool IsFalse => _constant == false;

    /// <summary>The URI of the schema resource this schema belongs to (its base URI).</summary>
    public string Resource { get; }

    /// <summary>This schema's $dynamicAnchor name, if it has one.</summary>
    public string? DynamicAnchor { get; set; }

    public static SchemaNode CreateObject(string resource) => new(null, resource);

    /// <summary>Set once by the compiler; split from construction so that $ref cycles can point at this node first.</summary>
    public void SetKeywords(IKeyword[] keywords)
    {
        _keywords = keywords;
        _collectsAnnotations = keywords.Any(k => k is Keywords.UnevaluatedKeyword);
    }

    /// <summary>The subschemas this one applies to the same instance (see <see cref="IKeyword.InPlace"/>).</summary>
    public SchemaNode[] InPlace() => [.. _keywords.SelectMany(k => k.InPlace)];

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        scope.Budget.Step();
        if (_constant is bool constant)
        {
            if (!constant)
            {
                scope.Report("no value is allowed here (the schema is false)");
            }

            return constant;
        }

        if (scope.Depth >= MaxDepth)
        {
            scope.Report("schema nesting is too deep (recursive $ref?)");
            return false;
        }

        // Annotations are collected only where an unevaluated* keyword will read them: here, or in an enclosing schema
        // applied to the same instance (which then merges them if this schema passes, as the spec says).
        var evaluated = scope.Evaluated is not null || _collectsAnnotations ? EvaluatedLocations.For(instance, scope.Budget) : null;
        var dynamic = scope.Dynamic is { } outer && !string.Equals(outer.Resource, Resource, StringComparison.Ordinal)
            ? new DynamicScope(Resource, outer)
            : scope.Dynamic;
        var inner = scope with { Depth = scope.Depth + 1, Evaluated = evaluated, Dynamic = dynamic };
        var valid = true;
        foreach (var keyword in _keywords)
        {
            if (!keyword.Evaluate(instance, inner))
            {
                valid = false;
                if (!scope.Collecting)
                {
                    return false;
                }
            }
        }

        // A failing schema drops its annotations (the spec), except while collecting errors: the failure is reported
        // already and the result is invalid anyway, so unevaluated* need not add "not allowed" for the same property.
        if ((valid || scope.Collecting) && evaluated is not null && scope.Evaluated is not null)
        {
            evaluated.MergeInto(scope.Evaluated);
        }

        return valid;
    }
}
