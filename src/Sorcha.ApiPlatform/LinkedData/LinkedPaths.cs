using System.Text.Json.Nodes;

namespace Sorcha.ApiPlatform.LinkedData;

/// <summary>A document's canonical path, <c>/api/</c> and its segments escaped; null (no JSON-LD) when one is missing.</summary>
public static class LinkedPaths
{
    public static string? Of(params JsonNode?[] segments) =>
        segments.Any(s => s is null || s.ToString().Length == 0)
            ? null
            : "/api/" + string.Join('/', segments.Select(s => Uri.EscapeDataString(s!.ToString())));
}
