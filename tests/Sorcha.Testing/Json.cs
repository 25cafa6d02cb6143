using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Sorcha.Client;

namespace Sorcha.Testing;

/// <summary>
/// Requests that assert the exact status, and answers read as Sorcha.Client's models with the client's own
/// (source-generated) JSON options. <c>T</c> = <see cref="JsonElement"/> only where a test is about the wire itself.
/// </summary>
public static class Json
{
    /// <summary>
    /// The client's options, stricter: every member a model declares non-nullable must be present and not null, so a
    /// typed read fails where the raw read it replaced (GetProperty) did when the server leaves a member out.
    /// </summary>
    public static JsonSerializerOptions Options { get; } = new(SorchaJsonContext.Default.Options)
    {
        TypeInfoResolver = SorchaJsonContext.Default.WithAddedModifier(RequireNonNullableMembers),
        RespectNullableAnnotations = true,
    };

    private static void RequireNonNullableMembers(JsonTypeInfo type)
    {
        if (type.Kind != JsonTypeInfoKind.Object)
        {
            return;
        }

        foreach (var member in type.Properties.Where(m => !m.IsSetNullable && (m.Set is not null || m.AssociatedParameter is not null)))
        {
            member.IsRequired = true;
        }
    }

    public static async Task<T> ReadAsync<T>(HttpResponseMessage response) => Parse<T>(await response.Content.ReadAsStringAsync());

    public static Task<JsonElement> ReadAsync(HttpResponseMessage response) => ReadAsync<JsonElement>(response);

    public static Task<T> GetAsync<T>(HttpClient client, string url, HttpStatusCode expected = HttpStatusCode.OK) =>
        SendAsync<T>(client, HttpMethod.Get, url, null, expected);

    /// <summary>POSTs JSON and asserts the status, returning the body.</summary>
    public static Task<T> PostAsync<T>(HttpClient client, string url, object? body, HttpStatusCode expected) =>
        SendAsync<T>(client, HttpMethod.Post, url, body, expected);

    public static Task<JsonElement> PostAsync(HttpClient client, string url, object body, HttpStatusCode expected) =>
        PostAsync<JsonElement>(client, url, body, expected);

    /// <summary>Sends <paramref name="body"/> as JSON, asserts the status and reads the body (default when it is empty).</summary>
    public static async Task<T> SendAsync<T>(HttpClient client, HttpMethod method, string url, object? body, HttpStatusCode expected)
    {
        using var request = new HttpRequestMessage(method, url) { Content = body is null ? null : JsonContent.Create(body) };
        using var response = await client.SendAsync(request);
        var text = await response.Content.ReadAsStringAsync();
        Assert.True(expected == response.StatusCode, $"{method} {url}: expected {(int)expected}, got {(int)response.StatusCode}: {text}");
        return text.Length == 0 ? default! : Parse<T>(text);
    }

    public static T Parse<T>(string text)
    {
        var value = JsonSerializer.Deserialize<T>(text, Options);
        Assert.False(value is null, $"null {typeof(T).Name}: {text}");
        return value;
    }

    public static string Str(this JsonElement e, string name) => e.GetProperty(name).GetString()!;
}
