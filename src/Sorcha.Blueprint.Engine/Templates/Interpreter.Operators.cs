namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>The infix operators: logic short-circuits; arithmetic and comparison take numbers or strings of one kind.</summary>
internal static partial class Interpreter
{
    private static object? Binary(BinaryExpr expr, Scope scope, Evaluation evaluation)
    {
        var left = Evaluate(expr.Left, scope, evaluation);
        switch (expr.Operator)
        {
            case "||":
                return JeValues.Truthy(left) || JeValues.Truthy(Evaluate(expr.Right, scope, evaluation));
            case "&&":
                return JeValues.Truthy(left) && JeValues.Truthy(Evaluate(expr.Right, scope, evaluation));
        }

        var right = Evaluate(expr.Right, scope, evaluation);
        switch (expr.Operator)
        {
            case "+" when left is string a && right is string b:
                evaluation.Characters((long)a.Length + b.Length);
                return a + b;
            case "+":
                var (x, y) = Numbers("+", left, right, "numbers/strings + numbers/strings");
                return x + y;
            case "-" or "*" or "/" or "**":
                return Arithmetic(expr.Operator, left, right);
            case "==":
                return JeValues.Equal(left, right, evaluation.Budget);
            case "!=":
                return !JeValues.Equal(left, right, evaluation.Budget);
            case "in":
                return In(left, right, evaluation);
            default:
                return Compare(expr.Operator, left, right);
        }
    }

    private static double Arithmetic(string op, object? left, object? right)
    {
        var (x, y) = Numbers(op, left, right, $"number {op} number");
        return op switch
        {
            "-" => x - y,
            "*" => x * y,
            "/" => y == 0 ? throw JsonETemplateException.Interpreter("division by zero") : x / y,
            _ => Math.Pow(x, y),
        };
    }

    private static (double, double) Numbers(string op, object? left, object? right, string expectation) =>
        left is double x && right is double y ? (x, y) : throw Expected($"infix: {op}", expectation);

    private static bool Compare(string op, object? left, object? right)
    {
        int order;
        if (left is double x && right is double y)
        {
            // NaN (sqrt(-1)) is unordered: every comparison with it is false, as in JavaScript.
            if (double.IsNaN(x) || double.IsNaN(y))
            {
                return false;
            }

            order = x.CompareTo(y);
        }
        else if (left is string a && right is string b)
        {
            order = string.CompareOrdinal(a, b);
        }
        else
        {
            throw Expected($"infix: {op}", $"numbers/strings {op} numbers/strings");
        }

        return op switch
        {
            "<" => order < 0,
            ">" => order > 0,
            "<=" => order <= 0,
            _ => order >= 0,
        };
    }

    private static bool In(object? left, object? right, Evaluation evaluation)
    {
        switch (right)
        {
            case JeObject obj:
                return left is string key ? obj.Properties.ContainsKey(key) : throw Expected("Infix: in-object", "string on left side");
            case string text:
                // Searching costs about the length of the text; a step per 1 Ki characters keeps long searches paid for.
                evaluation.Budget.Steps(text.Length / 1024);
                return left is string part ? text.Contains(part, StringComparison.Ordinal) : throw Expected("Infix: in-string", "string on left side");
            case JeArray array:
                return array.Items.Any(item => JeValues.Equal(left, item, evaluation.Budget));
            default:
                throw Expected("Infix: in", "Array, string, or object on right side");
        }
    }
}
