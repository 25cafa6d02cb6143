using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.Web.Forms;

/// <summary>
/// Between an input's text and the JSON value in the data. An empty input is null, which removes the key; numbers
/// are JSON numbers (integers without a fraction); text the form cannot read as a number is kept as a string so the
/// engine's own message says what is wrong rather than the form dropping it silently.
/// </summary>
public static class ValueText
{
    // datetime-local has no zone: the form shows and reads it as UTC, and writes RFC 3339 with "Z".
    private const string LocalFormat = "yyyy-MM-dd'T'HH:mm:ss";

    public static string ForInput(JsonNode? value, string inputType)
    {
        if (value is not JsonValue v)
        {
            return value?.ToJsonString() ?? string.Empty;
        }

        if (v.GetValueKind() != JsonValueKind.String)
        {
            return v.ToJsonString();
        }

        var text = v.GetValue<string>();
        return inputType == "datetime-local" &&
               DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal, out var instant)
            ? instant.UtcDateTime.ToString(LocalFormat, CultureInfo.InvariantCulture)
            : text;
    }

    public static JsonNode? FromText(string? text, string inputType)
    {
        if (string.IsNullOrEmpty(text))
        {
            return null;
        }

        if (inputType == "datetime-local" &&
            DateTime.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal, out var utc))
        {
            return JsonValue.Create(utc.ToString(LocalFormat, CultureInfo.InvariantCulture) + "Z");
        }

        return JsonValue.Create(text);
    }

    public static JsonNode? FromNumber(string? text, bool whole)
    {
        text = text?.Trim();
        if (string.IsNullOrEmpty(text))
        {
            return null;
        }

        if (decimal.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var exact))
        {
            return whole && exact == decimal.Truncate(exact) && exact is >= long.MinValue and <= long.MaxValue
                ? JsonValue.Create((long)exact)
                : JsonValue.Create(exact);
        }

        return double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var wide) && double.IsFinite(wide)
            ? JsonValue.Create(wide)
            : JsonValue.Create(text);
    }
}
