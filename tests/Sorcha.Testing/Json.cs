using System.Net.Http.Json;
using System.Text.Json;

namespace Sorcha.Testing;

public static class Json
{
    public static async Task<JsonElement> ReadAsync(HttpResponseMessage response) =>
        JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement.Clone();

    /// <summary>POSTs JSON and asserts the status, returning the body.</summary>
    public static async Task<JsonElement> PostAsync(HttpClient client, string url, object body, System.Net.HttpStatusCode expected)
    {
        using var response = await client.PostAsJsonAsync(url, body);
        var text = await response.Content.ReadAsStringAsync();
        Assert.True(expected == response.StatusCode, $"POST {url}: expected {(int)expected}, got {(int)response.StatusCode}: {text}");
        return text.Length == 0 ? default : JsonDocument.Parse(text).RootElement.Clone();
    }

    public static string Str(this JsonElement e, string name) => e.GetProperty(name).GetString()!;
}
