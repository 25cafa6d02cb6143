using System.Text;

namespace Sorcha.Web.Forms;

/// <summary>A property name as a label when the schema gives no title: employeeName → "Employee name".</summary>
public static class Words
{
    /// <summary>
    /// Splits camelCase, PascalCase, snake_case, kebab-case and digits into words; the first word is capitalised, the
    /// rest lower case except acronyms (two or more capitals: "HTTPServer" → "HTTP server").
    /// </summary>
    public static string FromName(string name)
    {
        var words = Split(name);
        if (words.Count == 0)
        {
            return name;
        }

        var text = new StringBuilder();
        for (var i = 0; i < words.Count; i++)
        {
            var word = words[i];
            var acronym = word.Length > 1 && word.All(char.IsUpper);
            if (i > 0)
            {
                text.Append(' ');
            }

            text.Append(acronym ? word
                : i == 0 ? char.ToUpperInvariant(word[0]) + word[1..].ToLowerInvariant()
                : word.ToLowerInvariant());
        }

        return text.ToString();
    }

    private static List<string> Split(string name)
    {
        var words = new List<string>();
        var current = new StringBuilder();
        for (var i = 0; i < name.Length; i++)
        {
            var c = name[i];
            if (c is '_' or '-' or ' ' or '.')
            {
                Flush(words, current);
                continue;
            }

            if (current.Length > 0 && Boundary(name, i))
            {
                Flush(words, current);
            }

            current.Append(c);
        }

        Flush(words, current);
        return words;
    }

    // A new word starts at a capital after a lower-case letter or digit, at the last capital of an acronym followed by
    // lower case ("HTTPServer": S), and where letters and digits meet ("line1": 1).
    private static bool Boundary(string s, int i)
    {
        char previous = s[i - 1], c = s[i];
        if (char.IsUpper(c))
        {
            return char.IsLower(previous) || char.IsDigit(previous) ||
                   (char.IsUpper(previous) && i + 1 < s.Length && char.IsLower(s[i + 1]));
        }

        return char.IsDigit(c) != char.IsDigit(previous) && char.IsLetterOrDigit(previous);
    }

    private static void Flush(List<string> words, StringBuilder current)
    {
        if (current.Length > 0)
        {
            words.Add(current.ToString());
            current.Clear();
        }
    }
}
