using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using Sorcha.Client;

namespace Sorcha.Testing;

public static class ProblemAssert
{
    /// <summary>Asserts the status and that the body is an RFC 9457 problem document carrying that status.</summary>
    public static async Task<JsonElement> IsProblemAsync(HttpResponseMessage response, HttpStatusCode status)
    {
        var text = await response.Content.ReadAsStringAsync();
        Assert.True(status == response.StatusCode, $"expected {(int)status}, got {(int)response.StatusCode}: {text}");
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        var problem = JsonDocument.Parse(text).RootElement.Clone();
        Assert.Equal((int)status, problem.GetProperty("status").GetInt32());
        return problem;
    }

    /// <summary><see cref="IsProblemAsync"/>, then the document as the client reads it.</summary>
    public static async Task<ProblemDocument> ReadAsync(HttpResponseMessage response, HttpStatusCode status) =>
        (await IsProblemAsync(response, status)).Deserialize<ProblemDocument>(Json.Options)!;

    /// <summary>Sends <paramref name="body"/> as JSON and asserts the answer is a problem with <paramref name="status"/>.</summary>
    public static async Task<ProblemDocument> RefusedAsync(HttpClient client, HttpMethod method, string url, object? body,
        HttpStatusCode status)
    {
        using var request = new HttpRequestMessage(method, url) { Content = body is null ? null : JsonContent.Create(body) };
        using var response = await client.SendAsync(request);
        return await ReadAsync(response, status);
    }

    /// <summary>The keys of a problem's <c>errors</c> member (field names or JSON Pointers); none is a failure.</summary>
    public static IReadOnlyCollection<string> ErrorKeys(ProblemDocument problem)
    {
        Assert.True(problem.Errors is not null, $"no errors member: {problem}");
        return [.. problem.Errors.Keys];
    }
}
