using System.Net.Http.Headers;
using System.Text;

namespace Sorcha.Testing.BadInput;

/// <summary>Request bodies for cases: JSON text with placeholders, raw bytes, any content type (or none).</summary>
public static class Bodies
{
    public static Func<Resources, HttpContent?> Json(string template) => r => Text(r.Fill(template));

    public static Func<Resources, HttpContent?> Json(Func<Resources, string> build) => r => Text(build(r));

    public static HttpContent Text(string json, string? contentType = "application/json") => Raw(Encoding.UTF8.GetBytes(json), contentType);

    /// <summary>Exactly these bytes, with this Content-Type (none when null) and a Content-Length.</summary>
    public static HttpContent Raw(byte[] bytes, string? contentType)
    {
        var content = new ByteArrayContent(bytes);
        if (contentType is not null)
        {
            content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
        }

        return content;
    }

    public static string Nested(char open, char close, int depth, string inner = "") =>
        new string(open, depth) + inner + new string(close, depth);

    /// <summary><c>{"a":{"a":…1…}}</c>, <paramref name="depth"/> objects deep.</summary>
    public static string NestedObjects(int depth) =>
        new StringBuilder().Insert(0, "{\"a\":", depth).Append('1').Append('}', depth).ToString();
}
