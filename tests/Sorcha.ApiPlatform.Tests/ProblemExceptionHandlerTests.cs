using System.Net;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Client;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>A failed call to another service becomes this service's answer as DownstreamProblems documents it.</summary>
public sealed class ProblemExceptionHandlerTests
{
    [Theory]
    [InlineData(401, 401, "Unauthorized")]
    [InlineData(413, 413, "Payload too large")]
    [InlineData(429, 429, "Too many requests")]
    [InlineData(503, 503, "Service unavailable")]
    [InlineData(504, 503, "Service unavailable")]
    [InlineData(400, 502, "Bad gateway")]
    [InlineData(403, 502, "Bad gateway")]
    [InlineData(404, 502, "Bad gateway")]
    [InlineData(422, 502, "Bad gateway")]
    [InlineData(500, 502, "Bad gateway")]
    [InlineData(502, 502, "Bad gateway")]
    public async Task A_downstream_status_maps_to_the_documented_answer(int downstream, int answered, string title)
    {
        var e = await DownstreamFailureAsync((HttpStatusCode)downstream, """{"title":"Refused","detail":"the other service's reason"}""");

        var (status, problem, context) = await HandleAsync(e);

        Assert.Equal((answered, answered, title), (status, problem.GetProperty("status").GetInt32(), problem.GetProperty("title").GetString()));
        Assert.Contains("the other service's reason", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        Assert.Equal(answered is 429 or 503, context.Response.Headers.RetryAfter == "1");
    }

    [Theory]
    [InlineData("<html>not json</html>")]
    [InlineData("null")]
    [InlineData("[1,2]")]
    public async Task A_success_whose_body_is_not_the_expected_document_is_502(string body)
    {
        var e = await DownstreamFailureAsync(HttpStatusCode.OK, body);

        var (status, problem, _) = await HandleAsync(e);

        Assert.Equal((502, "Bad gateway"), (status, problem.GetProperty("title").GetString()));
        Assert.Contains("answered 200", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_service_that_cannot_be_reached_is_503()
    {
        var (status, problem, context) = await HandleAsync(new HttpRequestException("Connection refused (wallet:80)"));

        Assert.Equal(503, status);
        Assert.Contains("Connection refused", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        Assert.Equal("1", context.Response.Headers.RetryAfter);
    }

    [Fact]
    public async Task A_ProblemException_is_answered_as_it_says()
    {
        var (status, problem, _) = await HandleAsync(new ProblemException(409, "Conflict", "Another request claimed the step."));

        Assert.Equal((409, "Conflict", "Another request claimed the step."),
            (status, problem.GetProperty("title").GetString(), problem.GetProperty("detail").GetString()));
    }

    [Fact]
    public async Task Other_exceptions_are_left_to_the_next_handler()
    {
        var handler = new ProblemExceptionHandler(NullLogger<ProblemExceptionHandler>.Instance);

        Assert.False(await handler.TryHandleAsync(Context(), new InvalidOperationException("a bug"), CancellationToken.None));
        Assert.Null(DownstreamProblems.Map(new HttpRequestException("answered 500", null, HttpStatusCode.InternalServerError)));
    }

    /// <summary>The exception Sorcha.Client throws for a real answer with that status and body.</summary>
    private static Task<SorchaApiException> DownstreamFailureAsync(HttpStatusCode status, string body)
    {
        var http = new HttpClient(new StubHandler(status, body)) { BaseAddress = new Uri("http://wallet") };
        return Assert.ThrowsAsync<SorchaApiException>(() => new SorchaClient(http).Wallets.GetAsync("ws1address"));
    }

    private static async Task<(int Status, JsonElement Problem, HttpContext Context)> HandleAsync(Exception e)
    {
        var services = Services();
        var handler = new ProblemExceptionHandler(NullLogger<ProblemExceptionHandler>.Instance);
        var context = Context(services);

        Assert.True(await handler.TryHandleAsync(context, e, CancellationToken.None));

        context.Response.Body.Position = 0;
        return (context.Response.StatusCode, JsonDocument.Parse(context.Response.Body).RootElement.Clone(), context);
    }

    private static ServiceProvider Services() => new ServiceCollection().AddLogging().AddProblemDetails().BuildServiceProvider();

    private static DefaultHttpContext Context(IServiceProvider? services = null) =>
        new() { RequestServices = services ?? Services(), Response = { Body = new MemoryStream() } };
}
