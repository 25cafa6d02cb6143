using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>
/// if/then/else: "if" only selects the branch (its failure is not an error); the chosen branch's errors are reported
/// in full. then/else without if do nothing, per the spec.
/// </summary>
internal sealed class ConditionalKeyword(SchemaNode condition, SchemaNode? then, SchemaNode? otherwise) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        // Compile all three so publishing reports problems even in a then/else that has no "if".
        var condition = compiler.Subschema(schema, "if", pointer);
        var then = compiler.Subschema(schema, "then", pointer);
        var otherwise = compiler.Subschema(schema, "else", pointer);
        // An "if" alone still matters: its annotations count for unevaluated* when it passes.
        return condition is null ? null : new ConditionalKeyword(condition, then, otherwise);
    }

    public IEnumerable<SchemaNode> InPlace => new[] { condition, then, otherwise }.OfType<SchemaNode>();

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (then is null && otherwise is null && scope.Evaluated is null)
        {
            return true;
        }

        var branch = condition.Evaluate(instance, scope.Quiet()) ? then : otherwise;
        return branch is null || branch.Evaluate(instance, scope);
    }
}
