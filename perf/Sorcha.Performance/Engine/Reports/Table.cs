using System.Net;
using System.Text;

namespace Sorcha.Performance.Engine.Reports;

/// <summary>One table, three renderings: Markdown (results.md, CI summaries), padded text (console), HTML.</summary>
public sealed record Table(IReadOnlyList<string> Headers, IReadOnlyList<IReadOnlyList<string>> Rows)
{
    /// <summary>A cell holding one of these is marked bad in HTML: each fails the gate.</summary>
    private static readonly string[] Bad = ["REGRESSION", "FAIL", "STALE"];

    public string ToMarkdown()
    {
        var md = new StringBuilder();
        md.Append("| ").AppendJoin(" | ", Headers).Append(" |\n|").Append(string.Concat(Enumerable.Repeat("---|", Headers.Count))).Append('\n');
        foreach (var row in Rows)
        {
            md.Append("| ").AppendJoin(" | ", row).Append(" |\n");
        }

        return md.ToString();
    }

    public string ToText()
    {
        var widths = Headers.Select((h, i) => Rows.Select(r => r[i].Length).Append(h.Length).Max()).ToArray();
        string Line(IReadOnlyList<string> cells) =>
            string.Join("  ", cells.Select((c, i) => i == 0 ? c.PadRight(widths[i]) : c.PadLeft(widths[i]))).TrimEnd();
        var text = new StringBuilder(Line(Headers)).Append('\n').Append(new string('-', widths.Sum() + 2 * (widths.Length - 1))).Append('\n');
        foreach (var row in Rows)
        {
            text.Append(Line(row)).Append('\n');
        }

        return text.ToString();
    }

    public string ToHtml()
    {
        var html = new StringBuilder("<table><thead><tr>");
        foreach (var header in Headers)
        {
            html.Append("<th>").Append(WebUtility.HtmlEncode(header)).Append("</th>");
        }

        html.Append("</tr></thead><tbody>\n");
        foreach (var row in Rows)
        {
            html.Append("<tr>");
            foreach (var cell in row)
            {
                var css = Bad.Any(bad => cell.Contains(bad, StringComparison.Ordinal)) ? " class=\"bad\"" : "";
                html.Append("<td").Append(css).Append('>').Append(WebUtility.HtmlEncode(cell)).Append("</td>");
            }

            html.Append("</tr>\n");
        }

        return html.Append("</tbody></table>\n").ToString();
    }
}
