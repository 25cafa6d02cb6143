using System.Text.Json.Nodes;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// A JSON Logic rule (jsonlogic.com) compiled once; immutable and safe to evaluate from many threads.
/// Missing values read as null; an answer that would be meaningless (NaN, invalid arguments, a thrown value) throws
/// <see cref="JsonLogicException"/> rather than yielding a null that would be recorded; and any evaluation throws
/// <see cref="BudgetExceededException"/> when its <see cref="WorkBudget"/> runs out.
/// </summary>
public sealed class JsonLogicRule
{
    private readonly LogicNode _root;

    private JsonLogicRule(LogicNode root) => _root = root;

    /// <summary>Compiles a rule; throws <see cref="InvalidRuleException"/> listing every problem if it is malformed.</summary>
    public static JsonLogicRule Compile(JsonNode? rule)
    {
        var (root, problems) = LogicCompiler.Compile(rule);
        return problems.Count == 0 ? new JsonLogicRule(root) : throw new InvalidRuleException(problems);
    }

    /// <summary>Every problem in a rule (unknown operators, wrong argument counts, excessive nesting), with pointers into it.</summary>
    public static IReadOnlyList<ValidationError> Validate(JsonNode? rule) => LogicCompiler.Compile(rule).Problems;

    /// <summary>
    /// The rule's value for this data, as a node the caller owns (detached from the data and from the rule). Draws on
    /// <paramref name="budget"/> (default limits when null) and throws <see cref="BudgetExceededException"/> when it runs out.
    /// </summary>
    public JsonNode? Evaluate(JsonNode? data, WorkBudget? budget = null)
    {
        budget ??= new WorkBudget();
        var result = _root.Evaluate(data, new LogicScope(0, budget));
        return result is not null && ReferenceEquals(result.Root, data?.Root) ? budget.Copy(result) : budget.Detach(result);
    }

    /// <summary>True when the rule's value is truthy in jsonlogic.com's sense (route conditions).</summary>
    public bool IsTruthy(JsonNode? data, WorkBudget? budget = null) =>
        JsValue.Truthy(_root.Evaluate(data, new LogicScope(0, budget ?? new WorkBudget())));
}
