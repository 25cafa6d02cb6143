namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// a[i], a[i:j] on arrays and strings (negative positions count from the end, slices clamp) and o[key] on objects (a
/// missing key is null). Strings are indexed by code point, as the reference does for non-ASCII text.
/// </summary>
internal static partial class Interpreter
{
    private static object? Index(IndexExpr expr, Scope scope, Evaluation evaluation)
    {
        var target = Evaluate(expr.Target, scope, evaluation);
        object? start = expr.Start is null ? 0d : Evaluate(expr.Start, scope, evaluation);
        object? end = expr.End is null ? null : Evaluate(expr.End, scope, evaluation);
        switch (target)
        {
            case JeArray array:
                var (from, to) = Bounds(expr.IsSlice, array.Count, start, end);
                return expr.IsSlice ? evaluation.Array(array.Items.GetRange(from, Math.Max(0, to - from))) : array.Items[from];
            case string text:
                return IndexString(expr.IsSlice, text, start, end, evaluation);
            case JeObject obj:
                return start is string key
                    ? obj.Properties.GetValueOrDefault(key)
                    : throw JsonETemplateException.Interpreter("object keys must be strings");
            default:
                throw Expected("infix: \"[..]\"", "object, array, or string");
        }
    }

    private static string IndexString(bool slice, string text, object? start, object? end, Evaluation evaluation)
    {
        var ascii = System.Text.Ascii.IsValid(text);
        var elements = ascii ? null : CodePoints(text);
        var length = elements?.Count ?? text.Length;
        var (from, to) = Bounds(slice, length, start, end);
        if (!slice)
        {
            return ascii ? text[from].ToString() : elements![from];
        }

        var count = Math.Max(0, to - from);
        evaluation.Characters(count);
        return ascii ? text.Substring(from, count) : string.Concat(elements!.GetRange(from, count));
    }

    /// <summary>The position (index) or range (slice) meant, checked as the reference checks it.</summary>
    private static (int From, int To) Bounds(bool slice, int length, object? start, object? end)
    {
        var from = Relative(start, length);
        if (!slice)
        {
            if (!JeValues.IsInteger(from))
            {
                throw JsonETemplateException.Interpreter("should only use integers to access arrays or strings");
            }

            return (double)from! >= length ? throw JsonETemplateException.Interpreter("index out of bounds") : ((int)(double)from!, 0);
        }

        var to = end is null ? (double)length : Relative(end, length);
        if (from is double f && to is double t && f > t)
        {
            from = to;
        }

        if (!JeValues.IsInteger(from) || !JeValues.IsInteger(to))
        {
            throw JsonETemplateException.Interpreter("cannot perform interval access with non-integers");
        }

        return ((int)Math.Min((double)from!, length), (int)Math.Min((double)to!, length));
    }

    // A negative position counts from the end, and clamps at the start.
    private static object? Relative(object? position, int length) =>
        position is double p && p < 0 ? Math.Max(0, length + p) : position;

    private static List<string> CodePoints(string text)
    {
        var points = new List<string>(text.Length);
        for (var i = 0; i < text.Length; i += char.IsSurrogatePair(text, i) ? 2 : 1)
        {
            points.Add(text.Substring(i, char.IsSurrogatePair(text, i) ? 2 : 1));
        }

        return points;
    }
}
