namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>The built-ins that build lists or long strings: each is paid for before it is built.</summary>
internal static partial class Builtins
{
    /// <summary>range(start, stop[, step]): a step and an output unit per item, charged first, so range(0, 1e9) allocates nothing.</summary>
    private static JeArray Range(Evaluation evaluation, List<object?> arguments)
    {
        var start = (double)arguments[0]!;
        var stop = (double)arguments[1]!;
        var step = arguments.Count > 2 ? (double)arguments[2]! : 1;
        if (step == 0)
        {
            throw JsonETemplateException.Builtin("range");
        }

        var count = Math.Max(0, Math.Ceiling((stop - start) / step));
        evaluation.Budget.Steps((long)Math.Min(count, long.MaxValue / 2));
        evaluation.Budget.Produce(1 + (long)Math.Min(count, long.MaxValue / 2));
        var items = new List<object?>((int)Math.Min(count, 1 << 16));
        for (var i = 0; i < count; i++)
        {
            items.Add(start + (i * step));
        }

        return new JeArray(items);
    }

    private static JeArray Split(Evaluation evaluation, string text, string separator)
    {
        evaluation.Budget.Produce(text.Length);
        List<object?> parts = separator.Length > 0
            ? [.. text.Split(separator)]
            : [.. text.Select(c => (object?)c.ToString())];
        return evaluation.Array(parts);
    }

    private static string Join(Evaluation evaluation, JeArray list, string separator)
    {
        // Measured before it is built: one long string shared by many items would otherwise be copied unpaid.
        evaluation.Characters(list.Items.Sum(JeValues.JsLength) + ((long)separator.Length * Math.Max(0, list.Count - 1)));
        return string.Join(separator, list.Items.Select(JeValues.JsString));
    }
}
