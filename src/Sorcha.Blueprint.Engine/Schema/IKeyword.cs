using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>One compiled assertion of a schema object; returns false when the instance fails it.</summary>
internal interface IKeyword
{
    bool Evaluate(JsonNode? instance, in EvaluationScope scope);
}
