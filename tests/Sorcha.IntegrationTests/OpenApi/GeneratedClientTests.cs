extern alias KiotaSample;

using System.Collections.Concurrent;
using System.Diagnostics;
using System.Text.Json;
using Sorcha.IntegrationTests.Infrastructure;
using KiotaSample::Sorcha.Samples.Client;
using Sorcha.Testing.Platform.OpenApi;
using Xunit.Abstractions;

namespace Sorcha.IntegrationTests.OpenApi;

/// <summary>
/// The two clients generated from the merged document (samples/clients: Kiota for .NET, openapi-typescript with
/// openapi-fetch) each run README's expense-approval workflow against the platform, and every request and answer of
/// theirs is checked against the served documents: the documents work for a client generated from them (issue 33).
/// CI regenerates both from docs/openapi/sorcha.json, which CommittedDocumentTests proves equal to the served one, and
/// fails when they differ from the committed code (scripts/generate-clients.sh --check).
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class GeneratedClientTests(PlatformFixture platform, ITestOutputHelper output)
{
    /// <summary>A token and a wallet per caller (6), blueprint, publish, register, instance, three actions, instance read, verify.</summary>
    private const int WorkflowExchanges = 15;

    /// <summary>What each step's receipt names next: submit → approve → finance-review (over 1000 approved) → end.</summary>
    private static readonly string?[] NextActions = ["approve", "finance-review", null];

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
        Assert.True(recorder.Exchanges.Count >= WorkflowExchanges, string.Join("\n", recorder.Exchanges));
        AssertCompleted(outcome.Status, outcome.Valid, outcome.CheckedTransactions, outcome.TxIds, outcome.InstanceTxIds, outcome.NextActionIds);
    }

    [SkippableFact]
    public async Task TypeScript_client_runs_the_expense_workflow_and_all_its_traffic_matches_the_documents()
    {
        var sample = await TypeScriptSampleAsync();
        await using var proxy = await ValidatingProxy.StartAsync(platform.Gateway.BaseAddress!,
            platform.Validating(new SocketsHttpHandler { AllowAutoRedirect = false, UseCookies = false }));

        var (exitCode, stdout, stderr) = await RunNodeAsync(sample, proxy.Address, TimeSpan.FromSeconds(120));
        output.WriteLine(stdout);
        output.WriteLine(stderr);
        output.WriteLine($"TypeScript client: {proxy.Exchanges.Count} exchanges, {proxy.Violations.Count} OpenAPI violations");

        Assert.True(proxy.Violations.Count == 0, "OpenAPI violations:\n" + string.Join("\n", proxy.Violations));
        Assert.True(exitCode == 0, $"node exited {exitCode}:\n{stdout}\n{stderr}");
        Assert.True(proxy.Exchanges.Count >= WorkflowExchanges, string.Join("\n", proxy.Exchanges));

        var line = stdout.Split('\n').LastOrDefault(l => l.StartsWith("outcome ", StringComparison.Ordinal))
            ?? throw new Xunit.Sdk.XunitException("the sample printed no outcome line:\n" + stdout);
        // Raw: the sample's own summary line, not an API answer.
        var outcome = JsonDocument.Parse(line["outcome ".Length..]).RootElement;
        AssertCompleted(outcome.GetProperty("status").GetString()!, outcome.GetProperty("valid").GetBoolean(),
            outcome.GetProperty("checkedTransactions").GetInt64(), Strings(outcome.GetProperty("txIds")),
            Strings(outcome.GetProperty("instanceTxIds")), Strings(outcome.GetProperty("nextActionIds")));
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

    private static void AssertCompleted(string status, bool valid, long checkedTransactions, IReadOnlyList<string?> txIds,
        IReadOnlyList<string?> instanceTxIds, IReadOnlyList<string?> nextActionIds)
    {
        Assert.Equal("completed", status);
        Assert.True(valid, "the register did not verify");
        Assert.Equal(3, checkedTransactions);
        Assert.All(txIds, tx => Assert.Matches("^[0-9a-f]{64}$", tx));
        Assert.Equal(txIds, instanceTxIds);
        Assert.Equal(NextActions, nextActionIds);
    }

    private static string?[] Strings(JsonElement array) => [.. array.EnumerateArray().Select(e => e.GetString())];

    /// <summary>
    /// samples/clients/typescript with its packages, installed here (`npm ci`) when they are missing, as README's test
    /// command promises to set up what it needs. Without Node the test is skipped with the reason, except under CI
    /// (CI=true), where it fails: CI installs Node (.ci/run), so a missing one there is a broken machine.
    /// </summary>
    private static async Task<string> TypeScriptSampleAsync()
    {
        var sample = Path.GetDirectoryName(Samples.BlueprintPath("expense-approval"))!;
        sample = Path.GetFullPath(Path.Combine(sample, "..", "clients", "typescript"));
        if (Which("node") is null || Which("npm") is null)
        {
            const string reason = "Node 20 or newer is not installed (apt-get install nodejs npm; .ci/run installs it)";
            Assert.False(string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase), reason);
            Skip.If(true, reason);
        }

        if (!File.Exists(Path.Combine(sample, "node_modules", "tsx", "package.json")) ||
            !File.Exists(Path.Combine(sample, "node_modules", "openapi-fetch", "package.json")))
        {
            await NpmCiLock.WaitAsync();
            try
            {
                using var npm = Process.Start(new ProcessStartInfo("npm", ["ci", "--no-audit", "--no-fund"])
                {
                    WorkingDirectory = sample, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false,
                })!;
                var output = npm.StandardOutput.ReadToEndAsync();
                var errors = npm.StandardError.ReadToEndAsync();
                await npm.WaitForExitAsync();
                Assert.True(npm.ExitCode == 0, $"`npm ci` in {sample} exited {npm.ExitCode}:\n{await output}\n{await errors}");
            }
            finally
            {
                NpmCiLock.Release();
            }
        }

        return sample;
    }

    private static readonly SemaphoreSlim NpmCiLock = new(1, 1);

    private static string? Which(string command) => (Environment.GetEnvironmentVariable("PATH") ?? "")
        .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
        .Select(dir => Path.Combine(dir, command)).FirstOrDefault(File.Exists);

    /// <summary>`node --import tsx src/expense.ts &lt;gateway&gt;` in the sample's folder, as fresh callers; killed after <paramref name="timeout"/>.</summary>
    private async Task<(int ExitCode, string Stdout, string Stderr)> RunNodeAsync(string sample, Uri gateway, TimeSpan timeout)
    {
        var start = new ProcessStartInfo("node", ["--import", "tsx", "src/expense.ts", gateway.ToString().TrimEnd('/')])
        {
            WorkingDirectory = sample,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.Environment["SORCHA_DEV_CLIENT_SECRET"] = platform.DevClientSecret;
        start.Environment["SORCHA_CALLER_PREFIX"] = $"ts-{Guid.NewGuid():N}-";
        start.Environment["NO_COLOR"] = "1";
        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var deadline = new CancellationTokenSource(timeout);
        try
        {
            await process.WaitForExitAsync(deadline.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync();
            Assert.Fail($"the TypeScript sample did not finish within {timeout.TotalSeconds} s:\n{await stdout}\n{await stderr}");
        }

        return (process.ExitCode, await stdout, await stderr);
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
