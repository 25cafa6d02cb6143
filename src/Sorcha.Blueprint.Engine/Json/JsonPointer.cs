using System.Text;
using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Json;

/// <summary>RFC 6901 JSON Pointers: parsing, escaping and resolving against a JsonNode tree.</summary>
internal static class JsonPointer
{
    /// <summary>Splits a pointer into unescaped reference tokens; "" is the whole document (no tokens).</summary>
    public static bool TryParse(string pointer, out string[] segments)
    {
        segments = [];
        if (pointer.Length == 0)
        {
            return true;
        }

        if (pointer[0] != '/')
        {
            return false;
        }

        var raw = pointer[1..].Split('/');
        for (var i = 0; i < raw.Length; i++)
        {
            if (!TryUnescape(raw[i], out var token))
            {
                return false;
            }

            raw[i] = token;
        }

        segments = raw;
        return true;
    }

    public static string Escape(string token) =>
        token.Contains('~', StringComparison.Ordinal) || token.Contains('/', StringComparison.Ordinal)
            ? token.Replace("~", "~0", StringComparison.Ordinal).Replace("/", "~1", StringComparison.Ordinal)
            : token;

    public static string Append(string pointer, string token) => pointer + "/" + Escape(token);

    public static string Append(string pointer, int index) => pointer + "/" + index.ToString(System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>Follows the tokens from root; false when a step does not exist (a missing property, an index out of range).</summary>
    public static bool TryResolve(JsonNode? root, IReadOnlyList<string> segments, out JsonNode? value)
    {
        value = root;
        foreach (var segment in segments)
        {
            switch (value)
            {
                case JsonObject obj when obj.TryGetPropertyValue(segment, out var child):
                    value = child;
                    break;
                case JsonArray array when TryParseIndex(segment, out var index) && index < array.Count:
                    value = array[index];
                    break;
                default:
                    value = null;
                    return false;
            }
        }

        return true;
    }

    /// <summary>Array indices per RFC 6901: decimal digits without leading zeros ("-" never resolves for reads).</summary>
    public static bool TryParseIndex(string segment, out int index)
    {
        index = -1;
        if (segment.Length == 0 || segment.Length > 9 || (segment.Length > 1 && segment[0] == '0'))
        {
            return false;
        }

        foreach (var c in segment)
        {
            if (c is < '0' or > '9')
            {
                return false;
            }
        }

        index = int.Parse(segment, System.Globalization.CultureInfo.InvariantCulture);
        return true;
    }

    private static bool TryUnescape(string raw, out string token)
    {
        token = raw;
        if (!raw.Contains('~', StringComparison.Ordinal))
        {
            return true;
        }

        var builder = new StringBuilder(raw.Length);
        for (var i = 0; i < raw.Length; i++)
        {
            if (raw[i] != '~')
            {
                builder.Append(raw[i]);
                continue;
            }

            if (i + 1 >= raw.Length || (raw[i + 1] != '0' && raw[i + 1] != '1'))
            {
                return false;
            }

            builder.Append(raw[i + 1] == '0' ? '~' : '/');
            i++;
        }

        token = builder.ToString();
        return true;
    }
}
