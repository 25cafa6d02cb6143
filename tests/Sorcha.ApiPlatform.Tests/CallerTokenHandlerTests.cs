using System.Net;
using System.Net.Http.Headers;
using Microsoft.AspNetCore.Http;
using Sorcha.ApiPlatform.Auth;

namespace Sorcha.ApiPlatform.Tests;

public sealed class CallerTokenHandlerTests
{
    [Fact]
    public async Task The_served_requests_bearer_token_is_forwarded()
    {
        var (client, stub) = Client("Bearer caller-token");

        await client.GetAsync(new Uri("http://wallet/api/wallets"));

        Assert.Equal(new AuthenticationHeaderValue("Bearer", "caller-token"), stub.Last!.Headers.Authorization);
    }

    [Fact]
    public async Task A_token_already_on_the_call_is_kept()
    {
        var (client, stub) = Client("Bearer caller-token");
        using var request = new HttpRequestMessage(HttpMethod.Post, new Uri("http://transaction/api/transactions"));
        request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", "service-token");

        await client.SendAsync(request);

        Assert.Equal("service-token", stub.Last!.Headers.Authorization?.Parameter);
    }

    [Fact]
    public async Task Outside_a_request_or_for_an_anonymous_one_no_token_is_sent()
    {
        var (outside, outsideStub) = Client(null, withContext: false);
        var (anonymous, anonymousStub) = Client(null);

        await outside.GetAsync(new Uri("http://wallet/api/wallets"));
        await anonymous.GetAsync(new Uri("http://wallet/api/wallets"));

        Assert.Null(outsideStub.Last!.Headers.Authorization);
        Assert.Null(anonymousStub.Last!.Headers.Authorization);
    }

    private static (HttpClient Client, StubHandler Stub) Client(string? authorization, bool withContext = true)
    {
        var context = new DefaultHttpContext();
        if (authorization is not null)
        {
            context.Request.Headers.Authorization = authorization;
        }

        var stub = new StubHandler(HttpStatusCode.OK, "{}");
        var accessor = new HttpContextAccessor { HttpContext = withContext ? context : null };
        return (new HttpClient(new CallerTokenHandler(accessor) { InnerHandler = stub }), stub);
    }
}
