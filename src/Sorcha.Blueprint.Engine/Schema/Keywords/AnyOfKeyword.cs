using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>
/// "anyOf": one error at the instance location when no branch matches; the branches' own errors are not listed
/// because it is ambiguous which branch the author meant.
/// </summary>
internal sealed class AnyOfKeyword(SchemaNode[] schemas) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler) =>
        compiler.SubschemaArray(schema, "anyOf", pointer) is { } schemas ? new AnyOfKeyword(schemas) : null;

    public IEnumerable<SchemaNode> InPlace => schemas;

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        var quiet = scope.Quiet();
        var matched = false;
        foreach (var schema in schemas)
        {
            if (schema.Evaluate(instance, quiet))
            {
                matched = true;

                // Every passing branch annotates, so with unevaluated* in force the rest must run too.
                if (scope.Evaluated is null)
                {
                    return true;
                }
            }
        }

        if (matched)
        {
            return true;
        }

        scope.Report($"must match at least one of the {schemas.Length} 'anyOf' schemas");
        return false;
    }
}
