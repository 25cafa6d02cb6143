using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// A JSON Schema 2020-12 document compiled once into an evaluator tree; immutable, so one instance can validate on
/// many threads. Supported vocabulary and the choices made are listed in README.md in this project.
/// </summary>
public sealed class JsonSchema
{
    private readonly SchemaNode _root;

    private JsonSchema(SchemaNode root) => _root = root;

    /// <summary>Compiles a schema; throws <see cref="InvalidSchemaException"/> listing every problem if it is malformed.</summary>
    public static JsonSchema Compile(JsonNode? schema)
    {
        var (root, problems) = SchemaCompiler.Compile(schema);
        return problems.Count == 0 ? new JsonSchema(root) : throw new InvalidSchemaException(problems);
    }

    /// <summary>
    /// Every structural problem in a schema (pointer into the schema + message): wrong keyword value types, bad
    /// regexes, unresolvable or non-local $ref. Empty when the schema can be compiled. Used when publishing.
    /// </summary>
    public static IReadOnlyList<ValidationError> ValidateSchema(JsonNode? schema) => SchemaCompiler.Compile(schema).Problems;

    /// <summary>
    /// True when the instance is valid; stops at the first failure and allocates nothing for error reporting. Draws on
    /// <paramref name="budget"/> (default limits when null) and throws <see cref="BudgetExceededException"/> when it runs out.
    /// </summary>
    public bool IsValid(JsonNode? instance, WorkBudget? budget = null) =>
        _root.Evaluate(instance, EvaluationScope.CreateQuiet(budget ?? new WorkBudget()));

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
        _root.Evaluate(instance, EvaluationScope.CreateCollecting(errors, budget));
        // allOf branches can repeat the same complaint about the same field; say it once.
        return errors.Distinct().ToList();
    }
}
