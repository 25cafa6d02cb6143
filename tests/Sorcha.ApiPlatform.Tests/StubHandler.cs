using System.Net;
using System.Text;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>Answers every request with one status and body, and keeps the last request it saw.</summary>
internal sealed class StubHandler(HttpStatusCode status, string body = "") : HttpMessageHandler
{
    public HttpRequestMessage? Last { get; private set; }

    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        Last = request;
        return Task.FromResult(new HttpResponseMessage(status)
        {
            Content = new StringContent(body, Encoding.UTF8, "application/problem+json"),
        });
    }
}
