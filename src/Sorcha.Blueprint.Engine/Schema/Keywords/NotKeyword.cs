using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"not": valid when the subschema fails.</summary>
internal sealed class NotKeyword(SchemaNode schema) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler) =>
        compiler.Subschema(schema, "not", pointer) is { } node ? new NotKeyword(node) : null;

    public IEnumerable<SchemaNode> InPlace => [schema];

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (!schema.Evaluate(instance, scope.Unannotated()))
        {
            return true;
        }

        scope.Report("must not match the 'not' schema");
        return false;
    }
}
