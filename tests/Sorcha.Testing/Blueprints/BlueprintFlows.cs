using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.Testing.Blueprints;

/// <summary>Small steps the blueprint tests share: samples from samples/blueprints, create, publish.</summary>
public static class BlueprintFlows
{
    /// <summary>A fresh copy of a sample blueprint (e.g. "expense-approval").</summary>
    public static JsonObject Sample(string name) => Samples.Blueprint(name);

    public static Task<JsonElement> CreateAsync(HttpClient client, JsonNode blueprint) =>
        Json.PostAsync(client, "/api/blueprints", blueprint, HttpStatusCode.Created);

    /// <summary>Creates and publishes a sample; returns the blueprint's id.</summary>
    public static async Task<string> PublishedAsync(HttpClient client, string sample)
    {
        var id = (await CreateAsync(client, Sample(sample))).Str("id");
        await Json.PostAsync(client, $"/api/blueprints/{id}/publish", new { }, HttpStatusCode.OK);
        return id;
    }

    public static async Task<JsonElement> GetAsync(HttpClient client, string url, HttpStatusCode expected = HttpStatusCode.OK)
    {
        using var response = await client.GetAsync(url);
        var text = await response.Content.ReadAsStringAsync();
        Assert.True(expected == response.StatusCode, $"GET {url}: expected {(int)expected}, got {(int)response.StatusCode}: {text}");
        return JsonDocument.Parse(text).RootElement.Clone();
    }

    /// <summary>The keys of a problem's <c>errors</c> member (field names or JSON Pointers).</summary>
    public static HashSet<string> ErrorKeys(JsonElement problem) =>
        [.. problem.GetProperty("errors").EnumerateObject().Select(p => p.Name)];

    public static async Task<JsonElement> SendAsync(HttpClient client, HttpMethod method, string url, object? body,
        HttpStatusCode expected)
    {
        using var request = new HttpRequestMessage(method, url) { Content = body is null ? null : JsonContent.Create(body) };
        using var response = await client.SendAsync(request);
        var text = await response.Content.ReadAsStringAsync();
        Assert.True(expected == response.StatusCode, $"{method} {url}: expected {(int)expected}, got {(int)response.StatusCode}: {text}");
        return text.Length == 0 ? default : JsonDocument.Parse(text).RootElement.Clone();
    }
}
