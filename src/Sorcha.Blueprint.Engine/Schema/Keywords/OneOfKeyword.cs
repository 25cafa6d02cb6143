using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"oneOf": exactly one branch must match; stops counting at the second match.</summary>
internal sealed class OneOfKeyword(SchemaNode[] schemas) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler) =>
        compiler.SubschemaArray(schema, "oneOf", pointer) is { } schemas ? new OneOfKeyword(schemas) : null;

    public IEnumerable<SchemaNode> InPlace => schemas;

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        var quiet = scope.Quiet();
        var matches = 0;
        foreach (var schema in schemas)
        {
            if (schema.Evaluate(instance, quiet) && ++matches > 1)
            {
                break;
            }
        }

        if (matches == 1)
        {
            return true;
        }

        scope.Report(matches == 0
            ? $"must match exactly one of the {schemas.Length} 'oneOf' schemas but matches none"
            : $"must match exactly one of the {schemas.Length} 'oneOf' schemas but matches more than one");
        return false;
    }
}
