using System.Net.Http.Headers;

namespace Sorcha.Testing.Platform.OpenApi;

/// <summary>
/// In every client the platform fixture hands out: each request sent and each response received is checked against the
/// served documents (<see cref="OpenApiContract"/>); a violation fails the test (<see cref="OpenApiViolationException"/>).
/// Routes that are not part of the API (the documents themselves, Swagger UI, /alive) pass unchecked. A request marked
/// <see cref="BadInput"/> is invalid on purpose: only its response is checked.
/// </summary>
public sealed class OpenApiValidatingHandler(Func<Task<OpenApiContract>> contract, HttpMessageHandler inner) : DelegatingHandler(inner)
{
    public static readonly HttpRequestOptionsKey<bool> BadInput = new("sorcha.openapi.bad-input");

    private static readonly AsyncLocal<bool> SendingBadInput = new();

    /// <summary>
    /// For a test outside the bad-input suites that sends an invalid request on purpose (a missing field, broken JSON,
    /// a route the platform does not have, an operator's route to a non-Sorcha backend): within the scope, requests are
    /// not checked; their answers still are.
    /// </summary>
    public static IDisposable BadInputScope()
    {
        SendingBadInput.Value = true;
        return new Scope();
    }

    private sealed class Scope : IDisposable
    {
        public void Dispose() => SendingBadInput.Value = false;
    }

    private static readonly string[] Unchecked = ["/openapi/", "/swagger", "/alive"];

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var path = request.RequestUri!.AbsolutePath;
        if (Unchecked.Any(p => path.StartsWith(p, StringComparison.Ordinal)))
        {
            return await base.SendAsync(request, cancellationToken);
        }

        var rules = await contract();
        var method = request.Method.Method;
        var route = $"{method} {path}";
        var badInput = SendingBadInput.Value || (request.Options.TryGetValue(BadInput, out var flagged) && flagged);
        var found = rules.Find(method, path);
        if (!badInput)
        {
            Fail(found is null ? $"{route}: no such operation in the documents" : null);
            Fail(rules.CheckRequest(route, found!.Value.Operation, request.Content?.Headers.ContentType?.MediaType,
                request.Content is null ? null : await BodyAsync(request.Content, cancellationToken)));
        }

        var response = await base.SendAsync(request, cancellationToken);
        var mediaType = response.Content.Headers.ContentType?.MediaType;
        var body = "";
        if (OpenApiContract.IsJson(mediaType))
        {
            // Buffered, and handed on as read: JSON answers are small; NDJSON and other streams are left alone.
            var bytes = await response.Content.ReadAsByteArrayAsync(cancellationToken);
            body = System.Text.Encoding.UTF8.GetString(bytes);
            var buffered = new ByteArrayContent(bytes);
            foreach (var header in response.Content.Headers)
            {
                buffered.Headers.TryAddWithoutValidation(header.Key, header.Value);
            }

            response.Content = buffered;
        }

        var answer = rules.CheckResponse(route, found?.Operation, (int)response.StatusCode, mediaType, body);
        if (answer is not null)
        {
            response.Dispose();
            Fail(answer);
        }

        return response;
    }

    private static async Task<string> BodyAsync(HttpContent content, CancellationToken ct)
    {
        // LoadIntoBufferAsync keeps the content readable for the real send.
        await content.LoadIntoBufferAsync(ct);
        return await content.ReadAsStringAsync(ct);
    }

    private static void Fail(string? violation)
    {
        if (violation is not null)
        {
            throw new OpenApiViolationException(violation);
        }
    }
}

/// <summary>Traffic that its OpenAPI document does not describe: a defect of the service or of the document.</summary>
public sealed class OpenApiViolationException(string message) : Exception("OpenAPI violation: " + message);
