using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Testing.Platform.OpenApi;

namespace Sorcha.IntegrationTests.OpenApi;

/// <summary>
/// The check every platform client runs (OpenApiValidatingHandler) refuses what the documents do not describe, and
/// accepts the valid traffic that the hand-written documents once refused.
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class OpenApiValidationTests(PlatformFixture platform)
{
    [Fact]
    public async Task A_body_missing_a_required_member_an_undocumented_status_or_content_type_is_a_violation()
    {
        var contract = await platform.ContractAsync();
        var (route, operation) = contract.Find("GET", "/api/wallets/ws1abc")!.Value;
        Assert.Equal("/api/wallets/{address}", route);

        Assert.Contains("address", contract.CheckResponse(route, operation, 200, "application/json", """{"name":"x"}"""), StringComparison.Ordinal);
        Assert.Contains("status not documented", contract.CheckResponse(route, operation, 418, "application/problem+json", "{}"), StringComparison.Ordinal);
        Assert.Contains("content type", contract.CheckResponse(route, operation, 404, "text/html", "<html/>"), StringComparison.Ordinal);
        Assert.Null(contract.Find("GET", "/api/nothing"));
    }

    [Fact]
    public async Task Problems_with_traceId_and_errors_rules_as_any_JSON_and_partial_metadata_conform()
    {
        var contract = await platform.ContractAsync();
        var (route, create) = contract.Find("POST", "/api/wallets")!.Value;
        Assert.Null(contract.CheckResponse(route, create, 400, "application/problem+json",
            """{"type":"t","title":"One or more validation errors occurred.","status":400,"errors":{"name":["Required."]},"traceId":"00-ab-cd-00"}"""));

        var (blueprints, post) = contract.Find("POST", "/api/blueprints")!.Value;
        Assert.Null(contract.CheckRequest(blueprints, post, "application/json", """
            {"title":"t","description":"d","participants":[{"id":"a","name":"A"},{"id":"b","name":"B"}],
             "actions":[{"id":"1","title":"one","sender":"a","dataSchema":{"type":"object"},
                         "routes":[{"condition":{"==":[{"var":"x"},1]},"next":"2"},{"condition":true,"next":null}]}]}
            """));

        var (transactions, submit) = contract.Find("POST", "/api/transactions")!.Value;
        Assert.Null(contract.CheckRequest(transactions, submit, "application/json", """
            {"registerId":"r","sender":"ws1","algorithm":"ED25519","publicKey":"AA==","payload":{"any":[1,"json"]},
             "metadata":{"type":"Data"},"timestamp":"2026-11-26T00:00:00Z","signature":"AA=="}
            """));
    }
}
