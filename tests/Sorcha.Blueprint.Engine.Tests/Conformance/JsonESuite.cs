using System.Globalization;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using YamlDotNet.RepresentationModel;

namespace Sorcha.Blueprint.Engine.Tests.Conformance;

/// <summary>
/// The JSON-e specification (Conformance/README.md: read from outside the repository): YAML documents, each a case
/// {title, context, template, result | error} or a {section} heading the cases after it. Loaded once, in file order,
/// named "section › title".
/// </summary>
internal static partial class JsonESuite
{
    private static readonly string File = Path.Combine(ConformanceData.JsonESuite, "specification.yml");

    /// <summary>Null when the specification is present; otherwise the reason its tests are skipped.</summary>
    public static readonly Lazy<string?> Missing = new(() => ConformanceData.MissingFile(File));

    public static readonly Lazy<Dictionary<string, JsonECase>> Cases = new(Load);

    private static Dictionary<string, JsonECase> Load()
    {
        var cases = new Dictionary<string, JsonECase>(StringComparer.Ordinal);
        if (Missing.Value is not null)
        {
            return cases;
        }

        var stream = new YamlStream();
        stream.Load(new StringReader(System.IO.File.ReadAllText(File)));
        var section = "(no section)";
        foreach (var document in stream.Documents)
        {
            if (ToJson(document.RootNode) is not JsonObject entry)
            {
                continue;
            }

            if (entry["section"] is { } heading)
            {
                section = heading.GetValue<string>();
                continue;
            }

            var name = $"{section} › {entry["title"]}";
            for (var n = 2; cases.ContainsKey(name); n++)
            {
                name = $"{section} › {entry["title"]} ({n})";
            }

            var error = entry["error"];
            cases.Add(name, new JsonECase(entry["context"], entry["template"], entry["result"],
                error is not null && !(error.GetValueKind() == System.Text.Json.JsonValueKind.False),
                error?.GetValueKind() == System.Text.Json.JsonValueKind.String ? error.GetValue<string>() : null));
        }

        return cases.Count > 0 ? cases : throw new InvalidDataException($"{File} holds no test cases.");
    }

    /// <summary>YAML as JSON, with the core schema's plain scalars (null, booleans, numbers); keys are always strings.</summary>
    public static JsonNode? ToJson(YamlNode node) => node switch
    {
        YamlMappingNode map => new JsonObject(map.Children.Select(p =>
            KeyValuePair.Create(((YamlScalarNode)p.Key).Value ?? string.Empty, ToJson(p.Value)))),
        YamlSequenceNode list => new JsonArray([.. list.Children.Select(ToJson)]),
        YamlScalarNode { Style: not YamlDotNet.Core.ScalarStyle.Plain } quoted => JsonValue.Create(quoted.Value ?? string.Empty),
        YamlScalarNode plain => Plain(plain.Value ?? string.Empty),
        _ => throw new InvalidDataException($"Unexpected YAML node {node.NodeType}"),
    };

    private static JsonValue? Plain(string text)
    {
        if (text is "" or "~" or "null" or "Null" or "NULL")
        {
            return null;
        }

        if (text is "true" or "True" or "TRUE" or "false" or "False" or "FALSE")
        {
            return JsonValue.Create(text[0] is 't' or 'T');
        }

        if (Number().IsMatch(text))
        {
            return decimal.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var d)
                ? JsonValue.Create(d)
                : JsonValue.Create(double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture));
        }

        return JsonValue.Create(text);
    }

    [GeneratedRegex(@"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$")]
    private static partial Regex Number();
}

/// <summary>A case: the result expected, or an error (with the reference's message, when the case names one).</summary>
internal sealed record JsonECase(JsonNode? Context, JsonNode? Template, JsonNode? Result, bool ExpectsError, string? Error);
