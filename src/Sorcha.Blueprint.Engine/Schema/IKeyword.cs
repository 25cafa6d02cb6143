using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>One compiled assertion of a schema object; returns false when the instance fails it.</summary>
internal interface IKeyword
{
    /// <summary>
    /// Subschemas applied to the instance itself rather than to a property, item or name of it ($ref, allOf, not, …).
    /// A cycle of these would never consume input, so the compiler rejects one.
    /// </summary>
    IEnumerable<SchemaNode> InPlace => [];

    bool Evaluate(JsonNode? instance, in EvaluationScope scope);
}
