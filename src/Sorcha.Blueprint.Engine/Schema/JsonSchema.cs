using System.Text.Json.Nodes;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// A JSON Schema 2020-12 document compiled once into an evaluator tree; immutable, so one instance can validate on
/// many threads. Supported vocabulary and the choices made are listed in README.md in this project.
/// </summary>
public sealed class JsonSchema
{
    private readonly SchemaNode _root;

    // The outermost dynamic scope, when the schema has a $dynamicRef; null keeps every other schema free of its cost.
    private readonly DynamicScope? _dynamic;

    private JsonSchema(SchemaNode root, bool dynamic)
    {
        _root = root;
        _dynamic = dynamic ? new DynamicScope(root.Resource, null) : null;
    }

    /// <summary>
    /// Compiles a schema; throws <see cref="InvalidSchemaException"/> listing every problem if it is malformed. A $ref to
    /// another document is looked up in <paramref name="registry"/> (the 2020-12 metaschemas are always there).
    /// </summary>
    public static JsonSchema Compile(JsonNode? schema, SchemaRegistry? registry = null)
    {
        var (root, dynamic, problems) = SchemaCompiler.Compile(schema, registry);
        return problems.Count == 0 ? new JsonSchema(root, dynamic) : throw new InvalidSchemaException(problems);
    }

    /// <summary>
    /// Every structural problem in a schema (pointer into the schema + message): wrong keyword value types, bad
    /// regexes, a $ref that names nothing in the schema or the registry. Empty when the schema can be compiled. Used when publishing.
    /// </summary>
    public static IReadOnlyList<ValidationError> ValidateSchema(JsonNode? schema, SchemaRegistry? registry = null) =>
        SchemaCompiler.Compile(schema, registry).Problems;

    /// <summary>
    /// True when the instance is valid; stops at the first failure and allocates nothing for error reporting. Draws on
    /// <paramref name="budget"/> (default limits when null) and throws <see cref="BudgetExceededException"/> when it runs out.
    /// </summary>
    public bool IsValid(JsonNode? instance, WorkBudget? budget = null) =>
        _root.Evaluate(instance, EvaluationScope.CreateQuiet(budget ?? new WorkBudget(), _dynamic));

    /// <summary>Every failure, each at the instance location it concerns (e.g. "/amount"); empty when valid. Budget as for IsValid.</summary>
    public IReadOnlyList<ValidationError> Evaluate(JsonNode? instance, WorkBudget? budget = null)
    {
        // Valid data is the common case on the hot path: check quietly first and only then walk again collecting.
        budget ??= new WorkBudget();
        if (IsValid(instance, budget))
        {
            return [];
        }

        var errors = new List<ValidationError>();
        _root.Evaluate(instance, EvaluationScope.CreateCollecting(errors, budget, _dynamic));
        // allOf branches can repeat the same complaint about the same field; say it once.
        return errors.Distinct().ToList();
    }
}
