namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// The built-in functions, visible under every context (a context name of the same name hides one). Arguments are
/// checked as the reference checks them: a type per position ("string|number"), a minimum count, and a type for any
/// further ones of a variadic function; anything else is a BuiltinError.
/// </summary>
internal static partial class Builtins
{
    public static readonly IReadOnlyDictionary<string, object?> All = Create();

    private delegate object? Body(Evaluation evaluation, Scope scope, List<object?> arguments);

    private static Dictionary<string, object?> Create()
    {
        var all = new Dictionary<string, object?>(StringComparer.Ordinal);
        void Define(string name, string[] tests, Body body, int minimum = 0, string? variadic = null) =>
            all[name] = new JeFunction(name, (evaluation, scope, arguments) =>
            {
                Check(name, tests, minimum, variadic, arguments);
                return body(evaluation, scope, arguments);
            });

        Define("max", [], (_, _, a) => a.Select(x => (double)x!).Aggregate(double.NegativeInfinity, JsMax), 1, "number");
        Define("min", [], (_, _, a) => a.Select(x => (double)x!).Aggregate(double.PositiveInfinity, JsMin), 1, "number");
        Define("sqrt", ["number"], (_, _, a) => Math.Sqrt((double)a[0]!));
        Define("ceil", ["number"], (_, _, a) => Math.Ceiling((double)a[0]!));
        Define("floor", ["number"], (_, _, a) => Math.Floor((double)a[0]!));
        Define("abs", ["number"], (_, _, a) => Math.Abs((double)a[0]!));
        Define("range", ["integer", "integer", "integer"], (e, _, a) => Range(e, a), 2, "number");
        Define("lowercase", ["string"], (e, _, a) => Text(e, ((string)a[0]!).ToLowerInvariant()));
        Define("uppercase", ["string"], (e, _, a) => Text(e, ((string)a[0]!).ToUpperInvariant()));
        Define("str", ["string|number|boolean|null"], (e, _, a) => Text(e, a[0] is null ? "null" : JeValues.JsString(a[0])));
        Define("number", ["string"], (_, _, a) => JeValues.ParseNumber((string)a[0]!));
        Define("len", ["string|array"], (_, _, a) => (double)(a[0] is string s ? CodePointCount(s) : ((JeArray)a[0]!).Count));
        Define("strip", ["string"], (e, _, a) => Text(e, ((string)a[0]!).Trim()));
        Define("lstrip", ["string"], (e, _, a) => Text(e, ((string)a[0]!).TrimStart()));
        Define("rstrip", ["string"], (e, _, a) => Text(e, ((string)a[0]!).TrimEnd()));
        Define("split", ["string", "string|number"], (e, _, a) => Split(e, (string)a[0]!, JeValues.JsString(a[1])), 2);
        Define("join", ["array", "string|number"], (e, _, a) => Join(e, (JeArray)a[0]!, JeValues.JsString(a[1])));
        Define("fromNow", [], (_, scope, a) => FromNow.Add((string)a[0]!, Reference(scope, a)), 1, "string");
        Define("typeof", ["string|number|boolean|array|object|null|function"], (_, _, a) => JeValues.TypeName(a[0]));
        Define("defined", ["string"], (_, scope, a) => scope.TryGet((string)a[0]!, out var _));
        return all;
    }

    private static void Check(string name, string[] tests, int minimum, string? variadic, List<object?> arguments)
    {
        if (variadic is null && arguments.Count < tests.Length)
        {
            throw JsonETemplateException.Builtin(name);
        }

        if (arguments.Count < minimum)
        {
            throw JsonETemplateException.Builtin($"{name}: expected at least {minimum} arguments");
        }

        for (var i = 0; i < arguments.Count; i++)
        {
            var test = i < tests.Length ? tests[i] : variadic;
            if (test is null || !test.Split('|').Any(type => Is(type, arguments[i])))
            {
                throw JsonETemplateException.Builtin(name);
            }
        }
    }

    // fromNow(x, from): an empty or absent reference means the scope's now.
    private static object? Reference(Scope scope, List<object?> arguments)
    {
        if (arguments.Count > 1 && arguments[1] is string { Length: > 0 } from)
        {
            return from;
        }

        scope.TryGet("now", out var now);
        return now;
    }

    private static bool Is(string type, object? value) => type == "integer" ? JeValues.IsInteger(value) : JeValues.TypeName(value) == type;

    // Math.max/min: NaN wins.
    private static double JsMax(double a, double b) => double.IsNaN(a) || double.IsNaN(b) ? double.NaN : Math.Max(a, b);

    private static double JsMin(double a, double b) => double.IsNaN(a) || double.IsNaN(b) ? double.NaN : Math.Min(a, b);

    private static string Text(Evaluation evaluation, string text)
    {
        evaluation.Characters(text.Length);
        return text;
    }

    private static int CodePointCount(string text)
    {
        var count = 0;
        for (var i = 0; i < text.Length; i += char.IsSurrogatePair(text, i) ? 2 : 1)
        {
            count++;
        }

        return count;
    }
}
