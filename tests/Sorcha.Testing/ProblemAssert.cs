using System.Net;
using System.Text.Json;

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
}
