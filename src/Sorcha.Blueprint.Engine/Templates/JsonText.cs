using System.Globalization;
using System.Text;

namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// $json's text: JSON.stringify with keys sorted (json-stable-stringify, which the reference uses), numbers as
/// JavaScript writes them. Written piece by piece and paid for as it grows, so a value that repeats one long string
/// many times stops at the output budget instead of being built first.
/// </summary>
internal static class JsonText
{
    public static string Write(object? value, Evaluation evaluation)
    {
        var text = new StringBuilder();
        Write(value, text, evaluation);
        return text.ToString();
    }

    private static void Write(object? value, StringBuilder text, Evaluation evaluation)
    {
        evaluation.Step();
        switch (value)
        {
            case null:
                Append(text, "null", evaluation);
                break;
            case bool b:
                Append(text, b ? "true" : "false", evaluation);
                break;
            case double d:
                Append(text, double.IsFinite(d) ? JeValues.Format(d) : "null", evaluation);
                break;
            case string s:
                Quote(s, text, evaluation);
                break;
            case JeArray array:
                Append(text, "[", evaluation);
                for (var i = 0; i < array.Count; i++)
                {
                    Append(text, i > 0 ? "," : string.Empty, evaluation);
                    Write(array.Items[i], text, evaluation);
                }

                Append(text, "]", evaluation);
                break;
            case JeObject obj:
                Append(text, "{", evaluation);
                var first = true;
                foreach (var key in obj.Properties.Keys.Order(StringComparer.Ordinal))
                {
                    Append(text, first ? string.Empty : ",", evaluation);
                    first = false;
                    Quote(key, text, evaluation);
                    Append(text, ":", evaluation);
                    Write(obj.Properties[key], text, evaluation);
                }

                Append(text, "}", evaluation);
                break;
            default:
                throw JeConvert.UncalledFunction();
        }
    }

    // JSON.stringify's escaping: the two-character escapes, \u00xx for other controls and for lone surrogates.
    private static void Quote(string s, StringBuilder text, Evaluation evaluation)
    {
        evaluation.Characters(s.Length + 2);
        text.Append('"');
        for (var i = 0; i < s.Length; i++)
        {
            var c = s[i];
            switch (c)
            {
                case '"': text.Append("\\\""); break;
                case '\\': text.Append("\\\\"); break;
                case '\b': text.Append("\\b"); break;
                case '\f': text.Append("\\f"); break;
                case '\n': text.Append("\\n"); break;
                case '\r': text.Append("\\r"); break;
                case '\t': text.Append("\\t"); break;
                default:
                    var paired = char.IsHighSurrogate(c) ? i + 1 < s.Length && char.IsLowSurrogate(s[i + 1])
                        : !char.IsLowSurrogate(c) || (i > 0 && char.IsHighSurrogate(s[i - 1]));
                    text.Append(c < 0x20 || !paired ? "\\u" + ((int)c).ToString("x4", CultureInfo.InvariantCulture) : c.ToString());
                    break;
            }
        }

        text.Append('"');
    }

    private static void Append(StringBuilder text, string part, Evaluation evaluation)
    {
        evaluation.Characters(part.Length);
        text.Append(part);
    }
}
