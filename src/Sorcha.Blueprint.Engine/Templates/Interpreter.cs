namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>Evaluates a parsed expression in a scope: one budget step per node, JavaScript's semantics per the JSON-e spec.</summary>
internal static partial class Interpreter
{
    public static object? Evaluate(Expr expr, Scope scope, Evaluation evaluation)
    {
        evaluation.Step();
        switch (expr)
        {
            case LiteralExpr literal:
                return literal.Value;
            case NameExpr name:
                return scope.TryGet(name.Name, out var value)
                    ? value
                    : throw JsonETemplateException.Interpreter($"unknown context value {name.Name}");
            case UnaryExpr unary:
                return Unary(unary.Operator, Evaluate(unary.Operand, scope, evaluation));
            case BinaryExpr binary:
                return Binary(binary, scope, evaluation);
            case DotExpr dot:
                return Dot(Evaluate(dot.Target, scope, evaluation), dot.Property);
            case IndexExpr index:
                return Index(index, scope, evaluation);
            case CallExpr call:
                return Call(call, scope, evaluation);
            case ListExpr list:
                return evaluation.Array([.. list.Items.Select(item => Evaluate(item, scope, evaluation))]);
            default:
                var obj = (ObjectExpr)expr;
                var properties = new Dictionary<string, object?>(StringComparer.Ordinal);
                foreach (var (key, item) in obj.Properties)
                {
                    properties[key] = Evaluate(item, scope, evaluation);
                }

                return evaluation.Object(properties);
        }
    }

    private static object? Unary(string op, object? operand) => op switch
    {
        "!" => !JeValues.Truthy(operand),
        "-" => operand is double d ? -d : throw Expected("unary -", "number"),
        _ => operand is double n ? n : throw Expected("unary +", "number"),
    };

    private static object? Dot(object? target, string property) => target is JeObject obj
        ? obj.Properties.TryGetValue(property, out var value)
            ? value
            : throw JsonETemplateException.Interpreter($"object has no property \"{property}\"")
        : throw Expected("infix: .", "objects");

    private static object? Call(CallExpr call, Scope scope, Evaluation evaluation)
    {
        var function = Evaluate(call.Function, scope, evaluation);
        if (function is not JeFunction callable)
        {
            throw JsonETemplateException.Interpreter($"{Describe(function)} is not callable");
        }

        var arguments = call.Arguments.Select(argument => Evaluate(argument, scope, evaluation)).ToList();
        return callable.Invoke(evaluation, scope, arguments);
    }

    internal static JsonETemplateException Expected(string op, string expectation) =>
        JsonETemplateException.Interpreter($"{op} expects {expectation}");

    private static string Describe(object? value) => value switch
    {
        null => "null",
        JeArray or JeObject => JeValues.TypeName(value),
        _ => JeValues.JsString(value),
    };
}
