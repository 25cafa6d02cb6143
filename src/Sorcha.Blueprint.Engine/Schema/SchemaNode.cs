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

    private SchemaNode(bool? constant, IKeyword[] keywords)
    {
        _constant = constant;
        _keywords = keywords;
    }

    public static SchemaNode True { get; } = new(true, []);

    public static SchemaNode False { get; } = new(false, []);

    public bool IsFalse => _constant == false;

    public static SchemaNode CreateObject() => new(null, []);

    /// <summary>Set once by the compiler; split from construction so that $ref cycles can point at this node first.</summary>
    public void SetKeywords(IKeyword[] keywords) => _keywords = keywords;

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

        var inner = scope.Deeper();
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

        return valid;
    }
}
