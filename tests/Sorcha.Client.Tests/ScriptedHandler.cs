using System.Net;
using System.Text;

namespace Sorcha.Client.Tests;

/// <summary>Answers every request from a function and remembers what was asked: the client under test, no network.</summary>
public sealed class ScriptedHandler(Func<HttpRequestMessage, HttpResponseMessage> answer) : HttpMessageHandler
{
    public List<(HttpMethod Method, Uri Uri, string? Authorization, string? Body)> Requests { get; } = [];

    public static HttpResponseMessage Json(HttpStatusCode status, string json, string mediaType = "application/json") =>
        new(status) { Content = new StringContent(json, Encoding.UTF8, mediaType) };

    public HttpClient Client(string baseAddress = "http://sorcha.test/") => new(this) { BaseAddress = new Uri(baseAddress) };

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var body = request.Content is null ? null : await request.Content.ReadAsStringAsync(cancellationToken);
        lock (Requests)
        {
            Requests.Add((request.Method, request.RequestUri!, request.Headers.Authorization?.ToString(), body));
        }

        return answer(request);
    }
}
