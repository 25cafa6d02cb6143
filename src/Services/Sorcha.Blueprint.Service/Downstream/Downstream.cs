using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Service.Problems;

namespace Sorcha.Blueprint.Service.Downstream;

/// <summary>
/// The one way this service calls another: JSON in and out, the caller's own bearer token forwarded (so the other
/// service enforces the caller's rights, e.g. wallet ownership), transport failures as 503, and statuses a call does not
/// expect mapped by <see cref="Unexpected"/> so that a downstream failure never turns into a misleading status.
/// </summary>
public static class Downstream
{
    private static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web)
    {
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
    };

    public static async Task<HttpResponseMessage> SendAsync(HttpClient http, HttpMethod method, string path, JsonNode? body,
        AuthenticationHeaderValue auth, string service, CancellationToken ct)
    {
        using var request = new HttpRequestMessage(method, path);
        request.Headers.Authorization = auth;
        if (body is not null)
        {
            request.Content = new StringContent(body.ToJsonString(Json), Encoding.UTF8, "application/json");
        }

        try
        {
            return await http.SendAsync(request, ct);
        }
        catch (HttpRequestException e)
        {
            throw ProblemException.Unavailable(service, e.Message);
        }
        catch (OperationCanceledException)
        {
            // HttpClient.Timeout and our own deadline both land here.
            throw ProblemException.Unavailable(service, "no answer in time");
        }
    }

    public static async Task<JsonObject> ReadObjectAsync(HttpResponseMessage response, string service, CancellationToken ct)
    {
        try
        {
            return JsonNode.Parse(await response.Content.ReadAsStringAsync(ct)) as JsonObject
                ?? throw ProblemException.BadGateway(service, "the body is not a JSON object");
        }
        catch (JsonException e)
        {
            throw ProblemException.BadGateway(service, "the body is not JSON: " + e.Message);
        }
    }

    public static string RequiredString(JsonObject body, string name, string service) =>
        body[name] is JsonValue value && value.TryGetValue<string>(out var text) && text.Length > 0
            ? text
            : throw ProblemException.BadGateway(service, $"'{name}' is missing");

    /// <summary>
    /// A status the call did not plan for. The caller's own token problems (401) and rate limits (429) and size limits
    /// (413) are passed on; everything else is the other service's fault or ours, never the client's: 503 when it says
    /// it is unavailable, otherwise 502, with its problem detail quoted for the logs and the client.
    /// </summary>
    public static async Task<ProblemException> UnexpectedAsync(HttpResponseMessage response, string service, CancellationToken ct)
    {
        var detail = await DetailAsync(response, ct);
        return response.StatusCode switch
        {
            HttpStatusCode.Unauthorized => new(StatusCodes.Status401Unauthorized, "Unauthorized",
                $"The {service} service did not accept your token: {detail}"),
            HttpStatusCode.TooManyRequests => new(StatusCodes.Status429TooManyRequests, "Too many requests",
                $"The {service} service is rate limiting you: {detail}"),
            HttpStatusCode.RequestEntityTooLarge => new(StatusCodes.Status413PayloadTooLarge, "Payload too large",
                $"The {service} service refused the size: {detail}"),
            HttpStatusCode.ServiceUnavailable or HttpStatusCode.GatewayTimeout => ProblemException.Unavailable(service, detail),
            _ => ProblemException.BadGateway(service, $"{(int)response.StatusCode}: {detail}"),
        };
    }

    /// <summary>The problem document's detail (or title) if the body is one, otherwise the reason phrase.</summary>
    public static async Task<string> DetailAsync(HttpResponseMessage response, CancellationToken ct)
    {
        try
        {
            var body = JsonNode.Parse(await response.Content.ReadAsStringAsync(ct));
            if ((body?["detail"] ?? body?["title"]) is JsonValue value && value.TryGetValue<string>(out var text))
            {
                return text;
            }
        }
        catch (JsonException)
        {
            // not a problem document
        }

        return response.ReasonPhrase ?? response.StatusCode.ToString();
    }
}
