using System.Net;
using System.Text.Json;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.OpenApi;

/// <summary>Each service's OpenAPI document, fetched through the gateway, lists that service's routes usefully.</summary>
[Collection(PlatformScope.Name)]
public sealed class OpenApiDocumentTests(PlatformFixture platform)
{
    /// <summary>docs/api.md's routes by owning service (method and path template).</summary>
    public static TheoryData<string, string[]> Documents() => new()
    {
        {
            "wallet", [
                "POST /api/wallets", "GET /api/wallets", "GET /api/wallets/{address}", "DELETE /api/wallets/{address}",
                "POST /api/wallets/{address}/sign", "POST /api/wallets/verify", "POST /api/wallets/{address}/encrypt",
                "POST /api/wallets/{address}/decrypt", "POST /api/wallets/{address}/transactions",
                "PATCH /api/wallets/{address}", "POST /api/wallets/{address}/addresses", "GET /api/wallets/{address}/addresses",
                "GET /api/wallets/delegated", "GET /api/wallets/{address}/access", "PUT /api/wallets/{address}/access/{subject}",
                "DELETE /api/wallets/{address}/access/{subject}",
            ]
        },
        {
            "register", [
                "POST /api/registers", "GET /api/registers", "GET /api/registers/{id}", "GET /api/registers/{id}/transactions",
                "GET /api/registers/{id}/transactions/{txId}", "GET /api/registers/{id}/transactions/{txId}/proof",
                "GET /api/registers/{id}/dockets", "GET /api/registers/{id}/dockets/{number}", "GET /api/registers/{id}/verify",
                "GET /api/registers/{id}/export", "GET /api/registers/{id}/consistency", "GET /api/registers/{id}/writers",
                "PUT /api/registers/{id}/writers/{subject}", "DELETE /api/registers/{id}/writers/{subject}", "GET /api/registers/{id}/stats",
                "PATCH /api/registers/{id}", "POST /api/registers/{id}/archive", "DELETE /api/registers/{id}",
            ]
        },
        {
            "transaction", [
                "GET /api/transactions", "POST /api/transactions", "POST /api/transactions/batch", "GET /api/transactions/{txId}",
            ]
        },
        {
            "blueprint", [
                "POST /api/blueprints", "GET /api/blueprints", "GET /api/blueprints/{id}", "PUT /api/blueprints/{id}",
                "DELETE /api/blueprints/{id}", "POST /api/blueprints/{id}/publish", "POST /api/execution/validate",
                "POST /api/execution/calculate", "POST /api/execution/route", "POST /api/execution/disclose",
                "POST /api/blueprints/{id}/instances", "GET /api/instances", "GET /api/instances/{instanceId}",
                "POST /api/instances/{instanceId}/actions/{actionId}", "POST /api/instances/{instanceId}/actions/{actionId}/reject",
                "GET /api/inbox", "GET /api/blueprints/{id}/versions", "GET /api/blueprints/{id}/versions/{version}",
                "POST /api/templates", "GET /api/templates", "GET /api/templates/{id}", "DELETE /api/templates/{id}",
                "POST /api/templates/{id}/instantiate",
                "GET /api/instances/{instanceId}/attachments/{txId}/{index}",
            ]
        },
    };

    [Theory]
    [MemberData(nameof(Documents))]
    public async Task Document_through_the_gateway_lists_the_services_routes_with_names_and_problems(string service, string[] routes)
    {
        using var response = await platform.Gateway.GetAsync($"/openapi/{service}.json");
        var text = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.OK, $"{(int)response.StatusCode}: {text}");
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        using var document = JsonDocument.Parse(text);
        var root = document.RootElement;
        Assert.StartsWith("3.", root.GetProperty("openapi").GetString(), StringComparison.Ordinal);
        Assert.Contains(service, root.GetProperty("info").GetProperty("title").GetString(), StringComparison.Ordinal);
        // The gateway is the one server, never the service's own address (ports that only the platform knows).
        var server = Assert.Single(root.GetProperty("servers").EnumerateArray());
        Assert.Equal("http://localhost:5000", server.GetProperty("url").GetString());
        Assert.Equal("Proprietary", root.GetProperty("info").GetProperty("license").GetProperty("name").GetString());
        foreach (var tag in root.GetProperty("tags").EnumerateArray())
        {
            Assert.False(string.IsNullOrWhiteSpace(tag.GetProperty("description").GetString()), $"tag {tag} has no description");
        }

        Assert.True(root.GetProperty("components").GetProperty("securitySchemes").TryGetProperty("Bearer", out _));

        var operations = Operations(root).ToDictionary(o => o.Route, o => o.Operation);
        Assert.Equal(routes.Order(), operations.Keys.Order());
        foreach (var (route, operation) in operations)
        {
            Assert.False(string.IsNullOrWhiteSpace(operation.GetProperty("operationId").GetString()), route + " has no operationId");
            Assert.False(string.IsNullOrWhiteSpace(operation.GetProperty("summary").GetString()), route + " has no summary");
            var responses = operation.GetProperty("responses");
            Assert.True(responses.EnumerateObject().Any(r => r.Name.StartsWith('2')), route + " documents no success");
            foreach (var status in new[] { "401", "429" })
            {
                Assert.True(responses.TryGetProperty(status, out var problem), $"{route} does not document {status}");
                Assert.True(problem.GetProperty("content").TryGetProperty("application/problem+json", out _), $"{route} {status} is not a problem");
            }
        }

        // Ids in paths are documented as 404 problems wherever a route reads one.
        foreach (var (route, operation) in operations.Where(o => o.Key.Contains('{', StringComparison.Ordinal)
            && !o.Key.StartsWith("GET /api/transactions/", StringComparison.Ordinal)))
        {
            Assert.True(operation.GetProperty("responses").TryGetProperty("404", out _), route + " does not document 404");
        }
    }

    [Fact]
    public async Task The_merged_document_holds_every_route_of_the_gateway_and_the_four_services()
    {
        var merged = await DocumentAsync("sorcha");
        var expected = new List<string>();
        foreach (var name in new[] { "gateway", "wallet", "register", "transaction", "blueprint" })
        {
            expected.AddRange(Operations((await DocumentAsync(name)).RootElement).Select(o => o.Route));
        }

        Assert.Equal(expected.Order(), Operations(merged.RootElement).Select(o => o.Route).Order());
        Assert.Contains("POST /api/auth/token", expected);
        foreach (var reference in merged.RootElement.ToString().Split("\"$ref\"").Skip(1))
        {
            var name = reference.Split('"')[1]["#/components/schemas/".Length..];
            Assert.True(merged.RootElement.GetProperty("components").GetProperty("schemas").TryGetProperty(name, out _), $"{name} is referenced but missing");
        }
    }

    private async Task<JsonDocument> DocumentAsync(string name) =>
        JsonDocument.Parse(await platform.Gateway.GetStringAsync($"/openapi/{name}.json"));

    [Fact]
    public async Task An_unknown_document_is_a_404_problem()
    {
        using var response = await platform.Gateway.GetAsync("/openapi/nothing.json");
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.NotFound);
    }

    [Fact]
    public async Task Swagger_UI_is_served_by_the_gateway_in_development_listing_the_four_documents()
    {
        using var page = await platform.Gateway.GetAsync("/swagger/index.html");
        Assert.Equal(HttpStatusCode.OK, page.StatusCode);
        Assert.Equal("text/html", page.Content.Headers.ContentType?.MediaType);
        var html = await page.Content.ReadAsStringAsync();
        Assert.Contains("Sorcha API", html, StringComparison.Ordinal);

        // The configuration (document list) sits in the page or in the script it loads, depending on the UI version.
        var config = html + await platform.Gateway.GetStringAsync("/swagger/index.js");
        foreach (var service in new[] { "wallet", "register", "transaction", "blueprint" })
        {
            Assert.Contains($"/openapi/{service}.json", config, StringComparison.Ordinal);
        }
    }

    private static IEnumerable<(string Route, JsonElement Operation)> Operations(JsonElement document)
    {
        foreach (var path in document.GetProperty("paths").EnumerateObject())
        {
            foreach (var operation in path.Value.EnumerateObject().Where(o => o.Name is "get" or "post" or "put" or "delete" or "patch"))
            {
                yield return ($"{operation.Name.ToUpperInvariant()} {path.Name}", operation.Value);
            }
        }
    }
}
