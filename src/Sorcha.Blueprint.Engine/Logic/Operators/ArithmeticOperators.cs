using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Logic.Operators;

/// <summary>
/// +, -, *, /, %, max, min, over any number of arguments (chained left to right; unary - negates, unary / is 1/x).
/// Operands convert as JS Number() does for null, booleans and strings; arrays and objects are not numbers. An answer
/// that is not a finite number (a non-number operand, x/0, overflow) is the "NaN" error, never a silent null.
/// </summary>
internal static class ArithmeticOperators
{
    public static IEnumerable<LogicOperator> All()
    {
        yield return Arithmetic("+", 0, args => Fold(args, new JsonNumber(0m), LogicMath.Add));
        yield return Arithmetic("*", 0, args => Fold(args, new JsonNumber(1m), LogicMath.Multiply));
        yield return Arithmetic("-", 1, args => args.Length == 1
            ? Finite(LogicMath.Negate(Operand(args[0])))
            : Fold(args.AsSpan(1), Operand(args[0]), LogicMath.Subtract));
        yield return Arithmetic("/", 1, args => args.Length == 1
            ? Finite(LogicMath.Divide(new JsonNumber(1m), Operand(args[0])))
            : Fold(args.AsSpan(1), Operand(args[0]), LogicMath.Divide));
        yield return Arithmetic("%", 2, args => Fold(args.AsSpan(1), Operand(args[0]), LogicMath.Remainder));
        yield return Arithmetic("max", 1, args => Extreme(args, wantLarger: true));
        yield return Arithmetic("min", 1, args => Extreme(args, wantLarger: false));
    }

    private static LogicOperator Arithmetic(string name, int minArgs, Func<JsonNode?[], JsonNode?> apply) =>
        LogicOperator.Eager(name, minArgs, -1, apply) with { Spreads = true };

    private static JsonNode Fold(ReadOnlySpan<JsonNode?> args, JsonNumber seed, Func<JsonNumber, JsonNumber, JsonNumber> combine)
    {
        var total = Checked(seed);
        foreach (var arg in args)
        {
            total = Checked(combine(total, Operand(arg)));
        }

        return Finite(total);
    }

    private static JsonNode Extreme(JsonNode?[] args, bool wantLarger)
    {
        var best = Operand(args[0]);
        for (var i = 1; i < args.Length; i++)
        {
            var candidate = Operand(args[i]);
            if (JsonNumber.Compare(candidate, best) is int c && (wantLarger ? c > 0 : c < 0))
            {
                best = candidate;
            }
        }

        return Finite(best);
    }

    /// <summary>An operand as a number; anything that is not one fails the rule here rather than after the sum.</summary>
    private static JsonNumber Operand(JsonNode? value) =>
        Checked(value is JsonArray or JsonObject ? new JsonNumber(double.NaN) : JsValue.ToNumber(value));

    private static JsonNumber Checked(JsonNumber number) =>
        number.IsFinite ? number : throw new JsonLogicException(JsonLogicException.NaN);

    private static JsonNode Finite(JsonNumber number) =>
        Checked(number).ToNode() ?? throw new JsonLogicException(JsonLogicException.NaN);
}
