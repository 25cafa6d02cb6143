using System.Text.Json.Nodes;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>One-shot helpers over <see cref="JsonLogicRule"/> for callers that do not keep the compiled rule.</summary>
public static class JsonLogic
{
    /// <summary>Compiles and evaluates; <see cref="InvalidRuleException"/> for a malformed rule, <see cref="JsonLogicException"/> when it fails for this data.</summary>
    public static JsonNode? Apply(JsonNode? rule, JsonNode? data) => JsonLogicRule.Compile(rule).Evaluate(data);

    /// <summary>Every problem in a rule; empty when it can be compiled. Used when publishing.</summary>
    public static IReadOnlyList<ValidationError> ValidateRule(JsonNode? rule) => JsonLogicRule.Validate(rule);

    /// <summary>jsonlogic.com truthiness: 0, NaN, "", null, false and [] are falsy; "0" and {} are truthy.</summary>
    public static bool IsTruthy(JsonNode? value) => JsValue.Truthy(value);
}
