using Sorcha.ApiPlatform.Problems;

namespace Sorcha.ApiPlatform.Tests;

public sealed class UnansweredCallHandlerTests
{
    [Fact]
    public async Task No_connection_is_a_503_naming_the_service()
    {
        using var http = new HttpClient(new UnansweredCallHandler("wallet") { InnerHandler = new Failing() });

        var e = await Assert.ThrowsAsync<ProblemException>(() => http.GetAsync(new Uri("http://wallet/api/wallets")));

        Assert.Equal(503, e.Status);
        Assert.Contains("wallet service", e.Message, StringComparison.Ordinal);
        Assert.Contains("Connection refused", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task No_answer_within_the_timeout_is_a_503_naming_the_service()
    {
        using var http = new HttpClient(new UnansweredCallHandler("transaction") { InnerHandler = new Hanging() })
        {
            Timeout = TimeSpan.FromMilliseconds(50),
        };

        var e = await Assert.ThrowsAsync<ProblemException>(() => http.GetAsync(new Uri("http://transaction/api/transactions")));

        Assert.Equal((503, true), (e.Status, e.Message.Contains("transaction service", StringComparison.Ordinal)));
    }

    [Fact]
    public async Task An_answer_passes_through_whatever_its_status()
    {
        using var http = new HttpClient(new UnansweredCallHandler("register")
        {
            InnerHandler = new StubHandler(System.Net.HttpStatusCode.InternalServerError),
        });

        using var response = await http.GetAsync(new Uri("http://register/api/registers"));

        Assert.Equal(System.Net.HttpStatusCode.InternalServerError, response.StatusCode);
    }

    private sealed class Failing : HttpMessageHandler
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) =>
            throw new HttpRequestException("Connection refused (wallet:80)");
    }

    private sealed class Hanging : HttpMessageHandler
    {
        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            await Task.Delay(Timeout.Infinite, cancellationToken);
            return new HttpResponseMessage();
        }
    }
}
