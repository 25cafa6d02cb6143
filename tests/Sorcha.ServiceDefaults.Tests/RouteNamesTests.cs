using Microsoft.AspNetCore.Http;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.ServiceDefaults.Tests;

/// <summary>The gateway's request names from the committed merged OpenAPI document (docs/openapi/sorcha.json).</summary>
public sealed class RouteNamesTests
{
    private static readonly RouteNames Names = Load();

    private static RouteNames Load()
    {
        var dir = new DirectoryInfo(AppContext.BaseDirectory);
        while (!File.Exists(Path.Combine(dir.FullName, "docs", "openapi", "sorcha.json")))
        {
            dir = dir.Parent ?? throw new InvalidOperationException("docs/openapi/sorcha.json not found above the test's directory");
        }

        using var stream = File.OpenRead(Path.Combine(dir.FullName, "docs", "openapi", "sorcha.json"));
        return RouteNames.FromOpenApi(stream);
    }

    [Theory]
    [InlineData("POST", "/api/instances/i-123/actions/2", "/api/instances/{instanceId}/actions/{actionId}")]
    [InlineData("POST", "/api/instances/i-123/actions/2/reject", "/api/instances/{instanceId}/actions/{actionId}/reject")]
    [InlineData("GET", "/api/instances/i-123", "/api/instances/{instanceId}")]
    [InlineData("GET", "/api/instances", "/api/instances")]
    [InlineData("POST", "/api/wallets/verify", "/api/wallets/verify")]
    [InlineData("GET", "/api/wallets/ws1abc", "/api/wallets/{address}")]
    [InlineData("GET", "/api/registers/r1/dockets/7", "/api/registers/{id}/dockets/{number}")]
    [InlineData("POST", "/api/transactions/batch", "/api/transactions/batch")]
    [InlineData("GET", "/api/transactions/abc/", "/api/transactions/{txId}")]
    public void A_path_is_named_by_the_route_that_answers_it(string method, string path, string template) =>
        Assert.Equal(template, Names.Find(method, new PathString(path)));

    [Theory]
    [InlineData("PATCH", "/api/instances/i-123")]
    [InlineData("GET", "/api/instances/i-123/actions/2")]
    [InlineData("GET", "/api/nothing/here")]
    [InlineData("GET", "/")]
    public void A_path_no_route_answers_has_no_name(string method, string path) =>
        Assert.Null(Names.Find(method, new PathString(path)));
}
