using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Routing.Template;

namespace Sorcha.ServiceDefaults.Telemetry;

/// <summary>
/// The API route a path answers, by method, from a table made once from an OpenAPI document's paths: a proxy whose own
/// route is a catch-all (the gateway's <c>/api/instances/{**rest}</c>) names its request span as the service names
/// its own (<c>POST /api/instances/{instanceId}/actions/{actionId}</c>). Only consulted when a span is recorded; a
/// lookup tries the few templates of the method with as many segments as the path, literal ones first.
/// </summary>
public sealed class RouteNames
{
    private readonly Dictionary<(string Method, int Segments), (string Template, TemplateMatcher Matcher)[]> _table;

    private RouteNames(Dictionary<(string, int), (string, TemplateMatcher)[]> table) => _table = table;

    /// <summary>From an OpenAPI document's <c>paths</c>: each path's template under each method it lists.</summary>
    public static RouteNames FromOpenApi(Stream document)
    {
        using var json = JsonDocument.Parse(document);
        var routes = new List<(string Method, int Segments, string Template, TemplateMatcher Matcher)>();
        foreach (var path in json.RootElement.GetProperty("paths").EnumerateObject())
        {
            var template = TemplateParser.Parse(path.Name.TrimStart('/'));
            var matcher = new TemplateMatcher(template, new RouteValueDictionary());
            foreach (var method in path.Value.EnumerateObject())
            {
                routes.Add((method.Name.ToUpperInvariant(), template.Segments.Count, path.Name, matcher));
            }
        }

        // /api/wallets/verify before /api/wallets/{address}: fewer parameters is more specific.
        return new RouteNames(routes.GroupBy(r => (r.Method, r.Segments)).ToDictionary(g => g.Key,
            g => g.OrderBy(r => r.Template.Count(c => c == '{')).Select(r => (r.Template, r.Matcher)).ToArray()));
    }

    /// <summary>The template <paramref name="path"/> matches under <paramref name="method"/>, or null.</summary>
    public string? Find(string method, PathString path)
    {
        var value = path.Value.AsSpan().Trim('/');
        var segments = value.IsEmpty ? 0 : value.Count('/') + 1;
        if (!_table.TryGetValue((method, segments), out var candidates))
        {
            return null;
        }

        foreach (var (template, matcher) in candidates)
        {
            if (matcher.TryMatch(path, new RouteValueDictionary()))
            {
                return template;
            }
        }

        return null;
    }
}
