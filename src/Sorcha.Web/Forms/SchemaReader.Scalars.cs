using System.Globalization;
using System.Text.Json.Nodes;

namespace Sorcha.Web.Forms;

/// <summary>Text and number fields: the input type from `format`, textarea from `maxLength`, min/max/step from the bounds.</summary>
public sealed partial class SchemaReader
{
    private static FieldSpec TextField(FieldSpec head, JsonObject schema)
    {
        var format = schema["format"] is JsonValue f && f.TryGetValue(out string? name) ? name : null;
        var inputType = format switch
        {
            "date" => "date",
            "date-time" => "datetime-local",
            "email" => "email",
            "uri" => "url",
            _ => "text",
        };
        var maxLength = schema["maxLength"] is JsonValue m && m.TryGetValue(out double max) ? max : 0;
        return head with { Kind = FieldKind.Text, InputType = inputType, Multiline = inputType == "text" && maxLength > TextAreaFrom };
    }

    /// <summary>
    /// HTML's min/max are inclusive: an exclusive bound with a step becomes the first multiple past it (exclusiveMinimum
    /// 0, multipleOf 0.01 → min 0.01); without a step the bound itself is the hint and the engine rejects it exactly.
    /// </summary>
    private static FieldSpec NumberField(FieldSpec head, JsonObject schema, bool integer)
    {
        var step = Number(schema["multipleOf"]) ?? (integer ? 1m : null);
        var min = Bound(schema, "minimum", "exclusiveMinimum", step, up: true);
        var max = Bound(schema, "maximum", "exclusiveMaximum", step, up: false);
        return head with
        {
            Kind = FieldKind.Number,
            WholeNumber = integer,
            Min = min,
            Max = max,
            Step = step?.ToString(CultureInfo.InvariantCulture) ?? "any",
        };
    }

    private static string? Bound(JsonObject schema, string inclusive, string exclusive, decimal? step, bool up)
    {
        var exact = Number(schema[exclusive]);
        var bound = Number(schema[inclusive]);
        if (exact is { } e && step is { } s && s > 0 && Past(e, s, up) is { } past)
        {
            bound = bound is { } b ? (up ? Math.Max(b, past) : Math.Min(b, past)) : past;
        }
        else if (exact is { } edge)
        {
            bound = bound is { } b ? (up ? Math.Max(b, edge) : Math.Min(b, edge)) : edge;
        }

        return bound?.ToString(CultureInfo.InvariantCulture);
    }

    private static decimal? Past(decimal edge, decimal step, bool up)
    {
        try
        {
            return up ? (decimal.Floor(edge / step) + 1) * step : (decimal.Ceiling(edge / step) - 1) * step;
        }
        catch (OverflowException)
        {
            return null;
        }
    }

    // Bounds beyond decimal's range (1e400) give no hint; the engine still checks them.
    private static decimal? Number(JsonNode? node)
    {
        try
        {
            return node is JsonValue v && v.TryGetValue(out decimal d) ? d : null;
        }
        catch (OverflowException)
        {
            return null;
        }
    }
}
