using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// Arithmetic for JSON Logic. Decimal when both operands are decimals and the result fits, so money sums are exact
/// (0.1 + 0.2 = 0.3, 19.99 * 3 = 59.97); double otherwise, like JavaScript. Results that are not finite become null.
/// </summary>
internal static class LogicMath
{
    public static JsonNumber Add(JsonNumber a, JsonNumber b) => Apply(a, b, (x, y) => x + y, (x, y) => x + y);

    public static JsonNumber Subtract(JsonNumber a, JsonNumber b) => Apply(a, b, (x, y) => x - y, (x, y) => x - y);

    public static JsonNumber Multiply(JsonNumber a, JsonNumber b) => Apply(a, b, (x, y) => x * y, (x, y) => x * y);

    public static JsonNumber Divide(JsonNumber a, JsonNumber b) =>
        b.HasDecimal && b.Decimal == 0 ? new JsonNumber(a.Double / b.Double) : Apply(a, b, (x, y) => x / y, (x, y) => x / y);

    /// <summary>JS %: the sign follows the dividend, which is also what C#'s % does for both decimal and double.</summary>
    public static JsonNumber Remainder(JsonNumber a, JsonNumber b) =>
        b.HasDecimal && b.Decimal == 0 ? new JsonNumber(double.NaN) : Apply(a, b, (x, y) => x % y, (x, y) => x % y);

    public static JsonNumber Negate(JsonNumber a) => a.HasDecimal ? new JsonNumber(-a.Decimal) : new JsonNumber(-a.Double);

    private static JsonNumber Apply(JsonNumber a, JsonNumber b, Func<decimal, decimal, decimal> exact, Func<double, double, double> approximate)
    {
        if (a.HasDecimal && b.HasDecimal)
        {
            try
            {
                return new JsonNumber(exact(a.Decimal, b.Decimal));
            }
            catch (OverflowException)
            {
                // Beyond decimal's range: continue in double, as JavaScript would have all along.
            }
        }

        return new JsonNumber(approximate(a.Double, b.Double));
    }
}
