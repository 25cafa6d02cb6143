using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>$ref, resolved against the schema's base URI; in 2020-12 it applies alongside the schema's other keywords.</summary>
internal sealed class RefKeyword(string reference) : IKeyword, IReference
{
    public string Reference { get; } = reference;

    public SchemaNode Target { get; set; } = SchemaNode.True;

    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        if (compiler.String(schema, "$ref", pointer) is not { } reference)
        {
            return null;
        }

        var keyword = new RefKeyword(reference);
        compiler.EnqueueRef(keyword, JsonPointer.Append(pointer, "$ref"));
        return keyword;
    }

    public IEnumerable<SchemaNode> InPlace => [Target];

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope) => Target.Evaluate(instance, scope);
}
