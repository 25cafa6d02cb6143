using System.Globalization;
using Sorcha.Blueprint.Engine.Json;
using Sorcha.Blueprint.Engine.Logic;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// JSON-e's values as C# objects: null, bool, double (JSON-e numbers are JavaScript's), string, <see cref="JeArray"/>,
/// <see cref="JeObject"/> and <see cref="JeFunction"/>; with the language's truthiness, equality and type names.
/// </summary>
internal static class JeValues
{
    public static bool IsInteger(object? value) => value is double d && double.IsFinite(d) && Math.Floor(d) == d;

    /// <summary>Falsy: null, false, 0, "", [] and {}; functions are truthy.</summary>
    public static bool Truthy(object? value) => value switch
    {
        null => false,
        bool b => b,
        double d => d != 0,
        string s => s.Length > 0,
        JeArray a => a.Count > 0,
        JeObject o => o.Properties.Count > 0,
        _ => true,
    };

    public static string TypeName(object? value) => value switch
    {
        null => "null",
        bool => "boolean",
        double => "number",
        string => "string",
        JeArray => "array",
        JeObject => "object",
        _ => "function",
    };

    /// <summary>Deep equality (objects regardless of order), one step per value compared; functions by identity.</summary>
    public static bool Equal(object? a, object? b, WorkBudget budget)
    {
        budget.Step();
        switch (a)
        {
            case JeArray x when b is JeArray y:
                return x.Count == y.Count && x.Items.Zip(y.Items).All(p => Equal(p.First, p.Second, budget));
            case JeObject x when b is JeObject y:
                return x.Properties.Count == y.Properties.Count && x.Properties.All(p =>
                    y.Properties.TryGetValue(p.Key, out var other) && Equal(p.Value, other, budget));
            case double x when b is double y:
                return x == y;
            case null:
                return b is null;
            default:
                return a.Equals(b);
        }
    }

    /// <summary>JavaScript's String(n): "3", "3.75", "1e+21".</summary>
    public static string Format(double number) => JsNumberFormat.Format(new JsonNumber(number));

    /// <summary>JavaScript's String(x) for join's items: null → "", arrays joined with ",", objects "[object Object]".</summary>
    public static string JsString(object? value) => value switch
    {
        null => string.Empty,
        bool b => b ? "true" : "false",
        double d => Format(d),
        string s => s,
        JeArray a => string.Join(",", a.Items.Select(JsString)),
        JeObject => "[object Object]",
        _ => value.ToString() ?? string.Empty,
    };

    /// <summary>The length of <see cref="JsString"/>'s answer, without building it.</summary>
    public static long JsLength(object? value) => value switch
    {
        JeArray a => a.Items.Sum(JsLength) + Math.Max(0, a.Count - 1),
        string s => s.Length,
        _ => JsString(value).Length,
    };

    /// <summary>JavaScript's Number(text): trimmed, "" → 0, hex, Infinity; NaN when it is not a number.</summary>
    public static double ParseNumber(string text) =>
        JsValue.ToNumber(System.Text.Json.Nodes.JsonValue.Create(text)).Double;

    public static double ParseLiteral(string digits) => double.Parse(digits, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture);

    public static int MaxDepthOf(IEnumerable<object?> values)
    {
        var max = 0;
        foreach (var value in values)
        {
            max = Math.Max(max, DepthOf(value));
        }

        return max;
    }

    public static int DepthOf(object? value) => value switch
    {
        JeArray a => a.Depth,
        JeObject o => o.Depth,
        _ => 0,
    };

    /// <summary>Values nest at most <see cref="EngineLimits.MaxDepth"/> deep, as everything else the engine builds.</summary>
    public static void CheckDepth(int depth)
    {
        if (depth > EngineLimits.MaxDepth)
        {
            throw new BudgetExceededException(BudgetKind.Output, $"Evaluating builds JSON nested more than {EngineLimits.MaxDepth} levels deep.");
        }
    }
}
