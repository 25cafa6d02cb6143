using System.Globalization;
using System.Text;

namespace Sorcha.Web.Forms;

/// <summary>
/// RFC 6901 JSON Pointers as the form uses them: the address of each field's value in the data (which is also how the
/// engine and the server name a failing value), and an element id made from one.
/// </summary>
public static class Pointers
{
    /// <summary>The pointer to a member of the value at <paramref name="at"/>, '~' and '/' escaped.</summary>
    public static string Append(string at, string token) =>
        at + "/" + token.Replace("~", "~0", StringComparison.Ordinal).Replace("/", "~1", StringComparison.Ordinal);

    public static string Append(string at, int index) => at + "/" + index.ToString(CultureInfo.InvariantCulture);

    /// <summary>The pointer without its last token; the root ("") has no parent.</summary>
    public static string? Parent(string at)
    {
        if (at.Length == 0)
        {
            return null;
        }

        var slash = at.LastIndexOf('/');
        return slash <= 0 ? string.Empty : at[..slash];
    }

    /// <summary>
    /// An HTML id for a field: the prefix (unique per form on the page) and the pointer with every character but
    /// ASCII letters and digits spelled out, so that hostile property names give valid, distinct ids.
    /// </summary>
    public static string ToId(string idPrefix, string at)
    {
        var id = new StringBuilder(idPrefix).Append("-f");
        foreach (var c in at)
        {
            if (char.IsAsciiLetterOrDigit(c))
            {
                id.Append(c);
            }
            else if (c == '/')
            {
                id.Append('-');
            }
            else
            {
                id.Append('_').Append(((int)c).ToString("x", CultureInfo.InvariantCulture)).Append('_');
            }
        }

        return id.ToString();
    }

    /// <summary>
    /// A JSON Pointer as a URI fragment (after '#'): each token percent-encoded, so that a $ref the form builds to a
    /// part of the schema names exactly that part whatever its property names hold.
    /// </summary>
    public static string ToFragment(string at) =>
        string.Join('/', at.Split('/').Select(Uri.EscapeDataString));
}
