using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Json.Schema;

namespace Sorcha.Testing.Platform.OpenApi;

/// <summary>
/// The served merged document (/openapi/sorcha.json) as a validator: each operation found by method and path, each body
/// checked by JsonSchema.Net (JSON Schema 2020-12 over the OpenAPI 3.1 component schemas), an implementation independent
/// of the one that generated the documents. A violation is a message naming the route, the status and the schema error.
/// </summary>
public sealed class OpenApiContract
{
    private const string Components = "https://sorcha.test/openapi/components";
    private static readonly EvaluationOptions ListErrors = new() { OutputFormat = OutputFormat.List };

    private readonly List<(string Method, Regex Path, string Template, JsonObject Operation)> _operations = [];
    private readonly BuildOptions _build = new() { SchemaRegistry = new SchemaRegistry() };
    private readonly Dictionary<string, JsonSchema> _schemas = [];
    private readonly Lock _lock = new();

    public OpenApiContract(string mergedDocument)
    {
        // Component references point at one registered resource ($defs), so every body schema resolves them.
        var document = JsonNode.Parse(mergedDocument.Replace("\"#/components/schemas/", $"\"{Components}#/$defs/", StringComparison.Ordinal))!;
        var defs = new JsonObject
        {
            ["$schema"] = "https://json-schema.org/draft/2020-12/schema",
            ["$id"] = Components,
            ["$defs"] = document["components"]?["schemas"]?.DeepClone() ?? new JsonObject(),
        };
        JsonSchema.FromText(defs.ToJsonString(), _build, new Uri(Components));
        foreach (var (template, item) in (JsonObject)document["paths"]!)
        {
            var pattern = new Regex("^" + Regex.Replace(Regex.Escape(template), @"\\\{[^}]+}", "[^/]+") + "$", RegexOptions.CultureInvariant);
            foreach (var (method, operation) in (JsonObject)item!)
            {
                _operations.Add((method.ToUpperInvariant(), pattern, template, (JsonObject)operation!));
            }
        }

        // A literal segment wins over a parameter (/api/wallets/verify before /api/wallets/{address}).
        _operations.Sort((a, b) => a.Template.Count(c => c == '{').CompareTo(b.Template.Count(c => c == '{')));
        Problem = (JsonObject)document["components"]!["schemas"]!["ProblemDetails"]!;
    }

    private JsonObject Problem { get; }

    public (string Template, JsonObject Operation)? Find(string method, string path) =>
        _operations.Where(o => o.Method == method && o.Path.IsMatch(path)).Select(o => (o.Template, o.Operation)).FirstOrDefault() is
            { Operation: not null } found ? found : null;

    /// <summary>A request body against its operation; null when it conforms.</summary>
    public string? CheckRequest(string route, JsonObject operation, string? mediaType, string? body)
    {
        var content = operation["requestBody"]?["content"] as JsonObject;
        if (string.IsNullOrEmpty(body))
        {
            return operation["requestBody"]?["required"]?.GetValue<bool>() == true ? $"{route}: the document requires a body, none was sent" : null;
        }

        if (content is null || mediaType is null || !content.TryGetPropertyValue(mediaType, out var media))
        {
            return $"{route}: request content type '{mediaType}' is not documented ({string.Join(", ", content?.Select(c => c.Key) ?? [])})";
        }

        return IsJson(mediaType) ? Check($"{route} request", media?["schema"], body) : null;
    }

    /// <summary>A response against its operation (or, with no operation, against the problem schema); null when it conforms.</summary>
    public string? CheckResponse(string route, JsonObject? operation, int status, string? mediaType, string body)
    {
        if (operation is null)
        {
            return mediaType == "application/problem+json" ? Check($"{route} → {status}", Problem, body) : null;
        }

        var responses = operation["responses"] as JsonObject;
        var response = responses?[status.ToString(System.Globalization.CultureInfo.InvariantCulture)] ?? responses?[$"{status / 100}XX"] ?? responses?["default"];
        if (response is null)
        {
            return $"{route} → {status}: status not documented (documented: {string.Join(", ", responses?.Select(r => r.Key) ?? [])}); body: {Clip(body)}";
        }

        if (body.Length == 0)
        {
            return null;
        }

        var content = response["content"] as JsonObject;
        if (content is null || mediaType is null || !content.TryGetPropertyValue(mediaType, out var media))
        {
            return $"{route} → {status}: content type '{mediaType}' not documented ({string.Join(", ", content?.Select(c => c.Key) ?? [])}); body: {Clip(body)}";
        }

        return IsJson(mediaType) ? Check($"{route} → {status}", media?["schema"], body) : null;
    }

    public static bool IsJson(string? mediaType) =>
        mediaType is not null && (mediaType == "application/json" || mediaType.EndsWith("+json", StringComparison.Ordinal));

    private string? Check(string where, JsonNode? schema, string body)
    {
        if (schema is null)
        {
            return null;
        }

        JsonElement instance;
        try
        {
            instance = JsonDocument.Parse(body).RootElement;
        }
        catch (JsonException e)
        {
            return $"{where}: the body is not JSON ({e.Message}): {Clip(body)}";
        }

        var results = Compile(schema).Evaluate(instance, ListErrors);
        if (results.IsValid)
        {
            return null;
        }

        var errors = (results.Details ?? []).Prepend(results).Where(d => d.Errors is { Count: > 0 })
            .SelectMany(d => d.Errors!.Select(e => $"{d.InstanceLocation} ({d.EvaluationPath}): {e.Value}")).Take(8);
        return $"{where}: the body does not match the document: {string.Join("; ", errors)}; body: {Clip(body)}";
    }

    private JsonSchema Compile(JsonNode schema)
    {
        var text = schema.ToJsonString();
        lock (_lock)
        {
            if (!_schemas.TryGetValue(text, out var compiled))
            {
                var wrapped = new JsonObject { ["$schema"] = "https://json-schema.org/draft/2020-12/schema", ["allOf"] = new JsonArray(schema.DeepClone()) };
                _schemas[text] = compiled = JsonSchema.FromText(wrapped.ToJsonString(), _build, new Uri($"https://sorcha.test/openapi/body/{_schemas.Count}"));
            }

            return compiled;
        }
    }

    private static string Clip(string text) => text.Length > 300 ? text[..300] + "…" : text;
}
