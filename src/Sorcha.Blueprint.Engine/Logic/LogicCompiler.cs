using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;
using Sorcha.Contracts.Execution;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// Builds the LogicNode tree for a rule and records every problem (unknown operator, wrong argument count, too deep)
/// with a pointer into the rule, so publishing can report them all at once.
/// </summary>
internal sealed class LogicCompiler
{
    /// <summary>Nesting limit for rules; evaluation recursion follows rule nesting, so this bounds the stack too.</summary>
    internal const int MaxDepth = 64;

    private readonly List<ValidationError> _problems = [];

    private LogicCompiler()
    {
    }

    public static (LogicNode Root, IReadOnlyList<ValidationError> Problems) Compile(JsonNode? rule)
    {
        var compiler = new LogicCompiler();
        var root = compiler.CompileNode(rule, string.Empty, 0);
        return (root, compiler._problems);
    }

    private LogicNode CompileNode(JsonNode? node, string pointer, int depth)
    {
        if (depth > MaxDepth)
        {
            _problems.Add(new ValidationError(pointer, $"the rule is nested more than {MaxDepth} levels deep"));
            return Literal(null);
        }

        switch (node)
        {
            case JsonArray array:
                var items = new LogicNode[array.Count];
                for (var i = 0; i < array.Count; i++)
                {
                    items[i] = CompileNode(array[i], JsonPointer.Append(pointer, i), depth + 1);
                }

                return new ArrayNode(items);
            case JsonObject { Count: 1 } operation:
                return CompileOperation(operation, pointer, depth);
            case JsonObject { Count: > 1 } obj:
                // json-logic-js would treat this as a data literal; in a blueprint it is nearly always a typo'd rule.
                _problems.Add(new ValidationError(pointer,
                    $"an object with {obj.Count} keys is not a JSON Logic operation (an operation has exactly one key, the operator)"));
                return Literal(node);
            default:
                return Literal(node);
        }
    }

    private LogicNode CompileOperation(JsonObject operation, string pointer, int depth)
    {
        var (name, value) = operation.First();
        var at = JsonPointer.Append(pointer, name);
        if (name == "preserve")
        {
            // Data, not a rule: {"preserve": {"a": 1}} is the object itself, never read as an operation.
            return Literal(value);
        }

        // A single non-array argument is shorthand for a one-element list: {"var": "x"} is {"var": ["x"]}.
        var argNodes = value is JsonArray list ? list.ToArray() : [value];
        var args = new LogicNode[argNodes.Length];
        for (var i = 0; i < argNodes.Length; i++)
        {
            args[i] = CompileNode(argNodes[i], value is JsonArray ? JsonPointer.Append(at, i) : at, depth + 1);
        }

        if (!OperatorTable.Operators.TryGetValue(name, out var op))
        {
            _problems.Add(new ValidationError(pointer, $"unknown operator '{name}'"));
            return Literal(null);
        }

        if (value is not JsonArray && op.NeedsArray)
        {
            _problems.Add(new ValidationError(at, $"'{name}' takes an array of arguments"));
            return Literal(null);
        }

        if (value is JsonArray && op.NotNull.FirstOrDefault(i => i < argNodes.Length && argNodes[i] is null, -1) is var nullAt and >= 0)
        {
            _problems.Add(new ValidationError(JsonPointer.Append(at, nullAt), $"argument {nullAt + 1} of '{name}' must not be null"));
            return Literal(null);
        }

        // A single operation as the argument of +, *, … may produce the argument list; counted when it has.
        var spread = op.Spreads && value is JsonObject;
        if (!spread && !op.Accepts(args.Length))
        {
            _problems.Add(new ValidationError(at, $"'{name}' takes {op.Arity} argument(s) but has {args.Length}"));
            return Literal(null);
        }

        return new OperationNode(op, args, at, spread);
    }

    private static LiteralNode Literal(JsonNode? node) =>
        new(node is null ? default : JsonSerializer.SerializeToElement(node));
}
