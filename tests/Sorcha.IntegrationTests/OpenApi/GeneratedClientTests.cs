extern alias KiotaSample;

using Sorcha.Contracts.Events;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.Text.Json;
using System.Text.RegularExpressions;
using Sorcha.IntegrationTests.Infrastructure;
using KiotaSample::Sorcha.Samples.Client;
using Sorcha.Testing.Platform.OpenApi;
using Xunit.Abstractions;

namespace Sorcha.IntegrationTests.OpenApi;

/// <summary>
/// The two clients generated from the merged document (samples/clients: Kiota for .NET, openapi-typescript with
/// openapi-fetch) each run README's expense-approval workflow against the platform twice (approved straight through;
/// sent back once by the manager, resubmitted, approved), each participant acting when its ActionAvailable live event
/// arrives on the step it finds in its inbox, and every API request and answer of theirs is checked against the served
/// documents: the documents work for a client generated from them.
/// CI regenerates both from docs/openapi/sorcha.json, which CommittedDocumentTests proves equal to the served one, and
/// fails when they differ from the committed code (scripts/generate-clients.sh --check).
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class GeneratedClientTests(PlatformFixture platform, ITestOutputHelper output)
{
    /// <summary>
    /// A token and a wallet per caller (6), blueprint and publish; then per run a register, an instance, per step an inbox
    /// read and the action, the instance read and verify. The live events (/hubs/events) are not among them: the samples
    /// connect to the hub with SignalR's own transport, outside the validating handler (docs/clients.md, "Generated clients").
    /// </summary>
    private const int WorkflowExchanges = 8 + (4 + (2 * 3)) + (4 + (2 * 5));

    /// <summary>Each run's steps as taken: (action, rejected, what the receipt names next).</summary>
    private static readonly (string Action, bool Rejected, string? Next)[] ApprovedSteps =
        [("submit", false, "approve"), ("approve", false, "finance-review"), ("finance-review", false, null)];

    /// <summary>The manager sends the claim back once; the employee, told of submit again, resubmits; then as above.</summary>
    private static readonly (string Action, bool Rejected, string? Next)[] SentBackSteps =
        [("submit", false, "approve"), ("approve", true, "submit"), ("submit", false, "approve"), ("approve", false, "finance-review"),
            ("finance-review", false, null)];

    [Fact]
    public async Task Kiota_client_runs_the_expense_workflow_and_all_its_traffic_matches_the_documents()
    {
        var recorder = new Recorder(platform.Validating(new SocketsHttpHandler()));
        using var log = new StringWriter();
        ExpenseOutcome outcome;
        try
        {
            outcome = await ExpenseWorkflow.RunAsync(platform.Gateway.BaseAddress!, platform.DevClientSecret,
                await File.ReadAllTextAsync(Samples.BlueprintPath("expense-approval")), recorder, $"kiota-{Guid.NewGuid():N}-", log);
        }
        finally
        {
            output.WriteLine(log.ToString());
            output.WriteLine($"Kiota client: {recorder.Exchanges.Count} exchanges, {recorder.Violations.Count} OpenAPI violations");
        }

        Assert.Empty(recorder.Violations);
        AssertExchanges([.. recorder.Exchanges]);
        AssertRun(ApprovedSteps, Run.Of(outcome.Approved));
        AssertRun(SentBackSteps, Run.Of(outcome.SentBack));
    }

    [SkippableFact]
    public async Task TypeScript_client_runs_the_expense_workflow_and_all_its_traffic_matches_the_documents()
    {
        var sample = await TypeScriptSample.FolderAsync();
        await using var proxy = await ValidatingProxy.StartAsync(platform.Gateway.BaseAddress!,
            platform.Validating(new SocketsHttpHandler { AllowAutoRedirect = false, UseCookies = false }));

        var (exitCode, stdout, stderr) = await TypeScriptSample.RunAsync(sample, ["src/expense.ts", proxy.Address.ToString().TrimEnd('/')],
            new Dictionary<string, string>
            {
                ["SORCHA_DEV_CLIENT_SECRET"] = platform.DevClientSecret,
                // The live events straight to the gateway: SignalR's negotiate and WebSocket are not operations of the documents.
                ["SORCHA_EVENTS"] = platform.Gateway.BaseAddress!.ToString(),
                ["SORCHA_CALLER_PREFIX"] = $"ts-{Guid.NewGuid():N}-",
            }, TimeSpan.FromSeconds(120));
        output.WriteLine(stdout);
        output.WriteLine(stderr);
        output.WriteLine($"TypeScript client: {proxy.Exchanges.Count} exchanges, {proxy.Violations.Count} OpenAPI violations");

        Assert.True(proxy.Violations.Count == 0, "OpenAPI violations:\n" + string.Join("\n", proxy.Violations));
        Assert.True(exitCode == 0, $"node exited {exitCode}:\n{stdout}\n{stderr}");
        AssertExchanges([.. proxy.Exchanges]);

        var line = stdout.Split('\n').LastOrDefault(l => l.StartsWith("outcome ", StringComparison.Ordinal))
            ?? throw new Xunit.Sdk.XunitException("the sample printed no outcome line:\n" + stdout);
        // Raw: the sample's own summary line, not an API answer.
        var outcome = JsonDocument.Parse(line["outcome ".Length..]).RootElement;
        AssertRun(ApprovedSteps, Run.Of(outcome.GetProperty("approved")));
        AssertRun(SentBackSteps, Run.Of(outcome.GetProperty("sentBack")));
    }

    [Fact]
    public async Task The_validating_proxy_records_and_refuses_a_request_the_documents_forbid()
    {
        await using var proxy = await ValidatingProxy.StartAsync(platform.Gateway.BaseAddress!, platform.Validating(new SocketsHttpHandler()));
        using var client = new HttpClient { BaseAddress = proxy.Address };
        client.DefaultRequestHeaders.Authorization = new("Bearer", await platform.TokenAsync($"proxy-{Guid.NewGuid():N}"));

        // A member CreateWalletRequest does not have: the check stops it before the gateway sees it.
        using var response = await client.PostAsync("/api/wallets",
            new StringContent("""{"name":"x","algorithm":"ED25519","colour":"red"}""", System.Text.Encoding.UTF8, "application/json"));

        Assert.Equal(System.Net.HttpStatusCode.BadGateway, response.StatusCode);
        var violation = Assert.Single(proxy.Violations);
        Assert.StartsWith("OpenAPI violation: POST /api/wallets request: the body does not match the document", violation, StringComparison.Ordinal);
        Assert.Equal(violation, await response.Content.ReadAsStringAsync());
        Assert.Equal("POST /api/wallets → violation", Assert.Single(proxy.Exchanges));
    }

    /// <summary>
    /// Every step found in the inbox before it was taken (an inbox read per step at least: a repeated event costs one
    /// more), each action posted once (the rejection included), nothing of the hub through the validating handler.
    /// </summary>
    private static void AssertExchanges(IReadOnlyList<string> exchanges)
    {
        var all = string.Join("\n", exchanges);
        Assert.True(exchanges.Count >= WorkflowExchanges, $"{exchanges.Count} exchanges, expected at least {WorkflowExchanges}:\n{all}");
        Assert.True(exchanges.Count(e => e == "GET /api/inbox → 200") >= ApprovedSteps.Length + SentBackSteps.Length, all);
        Assert.Equal(ApprovedSteps.Length + SentBackSteps.Length,
            exchanges.Count(e => Regex.IsMatch(e, "^POST /api/instances/[^/]+/actions/[^/]+(/reject)? → 201$")));
        Assert.Single(exchanges, e => Regex.IsMatch(e, "^POST /api/instances/[^/]+/actions/approve/reject → 201$"));
        Assert.DoesNotContain(exchanges, e => e.Contains(" /hubs/", StringComparison.Ordinal));
    }

    private static void AssertRun((string Action, bool Rejected, string? Next)[] expected, Run run)
    {
        Assert.Equal("completed", run.Status);
        Assert.True(run.Valid, "the register did not verify");
        Assert.Equal(expected, run.Steps.Select(s => (s.Action, s.Rejected, s.Next)));
        Assert.Equal(expected.Length, run.CheckedTransactions);
        Assert.All(run.Steps, s => Assert.Matches("^[0-9a-f]{64}$", s.TxId));
        Assert.Equal(run.Steps.Select(s => s.TxId), run.InstanceTxIds);
    }

    /// <summary>One run as either sample tells it: the Kiota one's <see cref="ExpenseRun"/>, the TypeScript one's outcome line.</summary>
    private sealed record Run(string Status, bool Valid, long CheckedTransactions,
        IReadOnlyList<(string Action, bool Rejected, string TxId, string? Next)> Steps, IReadOnlyList<string?> InstanceTxIds)
    {
        public static Run Of(ExpenseRun run) => new(run.Status, run.Valid, run.CheckedTransactions,
            [.. run.Steps.Select(s => (s.ActionId, s.Rejected, s.TxId, s.NextActionId))], run.InstanceTxIds);

        public static Run Of(JsonElement run) => new(run.GetProperty("status").GetString()!, run.GetProperty("valid").GetBoolean(),
            run.GetProperty("checkedTransactions").GetInt64(),
            [.. run.GetProperty("steps").EnumerateArray().Select(s => (s.GetProperty("actionId").GetString()!, s.GetProperty("rejected").GetBoolean(),
                s.GetProperty("txId").GetString()!, s.GetProperty("nextActionId").GetString()))],
            [.. run.GetProperty("instanceTxIds").EnumerateArray().Select(e => e.GetString())]);
    }

    /// <summary>Counts the exchanges that reach the validating handler and keeps its violations (which it throws on).</summary>
    private sealed class Recorder(HttpMessageHandler inner) : DelegatingHandler(inner)
    {
        public ConcurrentQueue<string> Exchanges { get; } = new();
        public ConcurrentQueue<string> Violations { get; } = new();

        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            try
            {
                var response = await base.SendAsync(request, cancellationToken);
                Exchanges.Enqueue($"{request.Method} {request.RequestUri!.AbsolutePath} → {(int)response.StatusCode}");
                return response;
            }
            catch (OpenApiViolationException violation)
            {
                Violations.Enqueue(violation.Message);
                throw;
            }
        }
    }
}
