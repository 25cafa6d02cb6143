using System.Net;

namespace Sorcha.Client.Tests;

/// <summary>Non-success answers become SorchaApiException with the problem document taken apart.</summary>
public sealed class ProblemTests
{
    [Fact]
    public async Task A_validation_problem_keeps_status_fields_extensions_and_raw_json()
    {
        const string Problem = """
            {"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.","status":400,
             "errors":{"name":["name is required."],"algorithm":["algorithm must be one of ED25519, NISTP256, RSA4096."]},"traceId":"00-abc-01"}
            """;
        using var http = new ScriptedHandler(_ => ScriptedHandler.Json(HttpStatusCode.BadRequest, Problem, "application/problem+json")).Client();
        var e = await Assert.ThrowsAsync<SorchaApiException>(() => new SorchaClient(http).Wallets.CreateAsync(""));

        Assert.Equal((400, HttpStatusCode.BadRequest), (e.Status, e.StatusCode));
        Assert.Equal("One or more validation errors occurred.", e.Title);
        Assert.Equal("https://tools.ietf.org/html/rfc9110#section-15.5.1", e.Type);
        Assert.Equal(["algorithm", "name"], e.Errors.Keys.Order());
        Assert.Equal("00-abc-01", e.Extensions["traceId"].GetString());
        Assert.Equal(Problem, e.ProblemJson);
        Assert.Contains("name is required.", e.Message);
    }

    [Fact]
    public async Task A_body_that_is_no_problem_document_is_still_kept()
    {
        using var http = new ScriptedHandler(_ => ScriptedHandler.Json(HttpStatusCode.BadGateway, "<html>bad gateway</html>", "text/html")).Client();
        var e = await Assert.ThrowsAsync<SorchaApiException>(() => new SorchaClient(http).Registers.GetAsync("r"));
        Assert.Equal(502, e.Status);
        Assert.Null(e.Problem);
        Assert.Empty(e.Errors);
        Assert.Equal("<html>bad gateway</html>", e.ProblemJson);
    }

    [Theory]
    [InlineData("<html>maintenance</html>")]
    [InlineData("null")]
    public async Task A_success_with_a_body_that_is_not_the_model_is_a_SorchaApiException_with_its_status(string body)
    {
        using var http = new ScriptedHandler(_ => ScriptedHandler.Json(HttpStatusCode.OK, body)).Client();
        var e = await Assert.ThrowsAsync<SorchaApiException>(() => new SorchaClient(http).Registers.GetAsync("r"));
        Assert.Equal(200, e.Status);
        Assert.IsType<System.Text.Json.JsonException>(e.InnerException);
        Assert.Contains("not a", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Health_returns_the_report_on_503_rather_than_throwing()
    {
        using var http = new ScriptedHandler(_ => ScriptedHandler.Json(HttpStatusCode.ServiceUnavailable,
            """{"status":"Unhealthy","services":{"wallet":"Healthy","redis":"Unhealthy"}}""")).Client();
        var report = await new SorchaClient(http).GetHealthAsync();
        Assert.False(report.IsHealthy);
        Assert.Equal("Unhealthy", report.Services["redis"]);
    }
}
