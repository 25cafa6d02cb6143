using System.Net;
using System.Net.Http.Json;
using Sorcha.Contracts.Transactions;
using Sorcha.Contracts.Wallets;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Testing.Faults;
using Xunit.Abstractions;

namespace Sorcha.IntegrationTests.Reliability;

/// <summary>
/// Two replicas of every service. The gateway balances over them and moves a request to the other replica when one is
/// gone; two Transaction replicas append to one register and two Register replicas seal it, and the register stays
/// one linear chain with every docket range sealed exactly once; a transaction sent to both replicas commits once.
/// On the shared platform of CI's rerun (two replicas on a Redis Cluster; <see cref="ReplicasFactAttribute"/>): each
/// test starts again what it stopped and waits until it is healthy, so the classes after it find the platform whole.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Collection(PlatformScope.Name)]
public sealed class ReplicaTests(PlatformFixture platform, ITestOutputHelper output)
{
    [ReplicasFact]
    public Task A_wallet_deleted_through_one_replica_is_signed_for_by_no_replica_though_both_held_its_key_open() => platform.ExplainFailureAsync(async () =>
    {
        var token = await platform.TokenAsync("replica-open-keys");
        var replicas = platform.ReplicasOf("wallet").Select(r => new HttpClient { BaseAddress = platform.App[r].Url }).ToList();
        foreach (var replica in replicas)
        {
            replica.DefaultRequestHeaders.Authorization = new("Bearer", token);
        }

        using var created = await replicas[0].PostAsJsonAsync("/api/wallets", new { name = "open keys", algorithm = "ED25519" });
        Assert.Equal(HttpStatusCode.Created, created.StatusCode);
        var address = (await Json.ReadAsync<CreatedWalletDto>(created)).Address;
        var sign = new { data = Convert.ToBase64String("open"u8.ToArray()) };
        // Twice on each: the first opens the key, the second signs with the key kept open (Wallet:OpenKeys).
        foreach (var replica in replicas.Concat(replicas))
        {
            using var signed = await replica.PostAsJsonAsync($"/api/wallets/{address}/sign", sign);
            Assert.Equal(HttpStatusCode.OK, signed.StatusCode);
        }

        using (var deleted = await replicas[0].DeleteAsync($"/api/wallets/{address}"))
        {
            Assert.Equal(HttpStatusCode.NoContent, deleted.StatusCode);
        }

        // At once, on both: the deletion's answer was given, so no replica may sign again, whatever it holds open.
        foreach (var replica in replicas.Reverse<HttpClient>())
        {
            using var refused = await replica.PostAsJsonAsync($"/api/wallets/{address}/sign", sign);
            await ProblemAssert.IsProblemAsync(refused, HttpStatusCode.NotFound);
        }

        foreach (var replica in replicas)
        {
            replica.Dispose();
        }
    });

    [ReplicasFact]
    public Task Writers_through_two_replicas_see_no_error_when_one_replica_crashes_and_the_chain_stays_linear() => platform.ExplainFailureAsync(async () =>
    {
        Assert.Equal(["transaction", "transaction-2"], platform.ReplicasOf("transaction"));
        var limits = new RetryAfterHandler();
        using var client = await platform.ClientAsync("replica-load", limits);
        var registerId = (await RegisterFlows.RegisterAsync(client, "replicas")).Id;
        var cpuBefore = platform.ReplicasOf("transaction").Select(r => platform.App[r].Process!.TotalProcessorTime).ToArray();

        var load = new TransactionLoad(client, registerId);
        using var stop = new CancellationTokenSource();
        var running = load.RunAsync(writers: 8, readers: 2, stop.Token);
        await Task.Delay(TimeSpan.FromSeconds(2.5));

        // Round robin: both Transaction replicas verified signatures and committed (CPU is where the work shows).
        var cpu = platform.ReplicasOf("transaction")
            .Select((r, i) => (platform.App[r].Process!.TotalProcessorTime - cpuBefore[i]).TotalSeconds).ToArray();
        var crashedAt = load.Now;
        await Task.WhenAll(platform.App.StopResourceAsync("transaction-2", kill: true),
            platform.App.StopResourceAsync("register-2", kill: true));
        await Task.Delay(TimeSpan.FromSeconds(1));
        await Task.WhenAll(platform.App.StartResourceAsync("transaction-2"), platform.App.StartResourceAsync("register-2"));
        var backAt = load.Now;
        await Task.Delay(TimeSpan.FromSeconds(1.5));
        stop.Cancel();
        await running;

        var answers = load.Answers.ToList();
        output.WriteLine($"CPU of the two Transaction replicas over the first 2.5 s: {cpu[0]:F2} s / {cpu[1]:F2} s");
        output.WriteLine($"transaction-2 and register-2 killed at {crashedAt:F0} ms, back at {backAt:F0} ms; {answers.Count} answers, " +
            $"statuses {string.Join(", ", answers.GroupBy(a => a.Status).Select(g => $"{g.Key}: {g.Count()}"))}");

        output.WriteLine(PlatformLogs.ForwardingFailures(platform));

        Assert.All(cpu, c => Assert.True(c >= 0.2 * cpu.Sum(), $"one replica did {c:F2} s of {cpu.Sum():F2} s: not balanced"));
        Assert.All(answers, a => Assert.True(a.Ok, $"{a.Kind} answered {a.Status} at {a.StartMs:F0} ms"));
        var audit = await RegisterAudit.AssertConsistentAsync(client, registerId, load);
        output.WriteLine($"{audit}; 429s waited out (Retry-After): {limits.RateLimited}");
        Assert.Equal(audit.Acknowledged, audit.Found);
    });

    [ReplicasFact]
    public Task The_same_transactions_sent_to_both_transaction_replicas_at_once_commit_once_with_the_same_answer() => platform.ExplainFailureAsync(async () =>
    {
        using var client = await platform.ClientAsync("replica-idem");
        var registerId = (await RegisterFlows.RegisterAsync(client, "replica idempotency")).Id;
        var replicas = platform.ReplicasOf("transaction").Select(r => new HttpClient { BaseAddress = platform.App[r].Url }).ToList();
        foreach (var replica in replicas)
        {
            replica.DefaultRequestHeaders.Authorization = client.DefaultRequestHeaders.Authorization;
        }

        var signer = Signer.New();
        var transactions = Enumerable.Range(0, 40).Select(_ => RegisterFlows.Build(registerId, signer)).ToList();
        var answers = await Task.WhenAll(transactions.Select(async tx =>
            await Task.WhenAll(replicas.Select(async replica =>
            {
                using var response = await replica.PostAsync("/api/transactions", RegisterFlows.Body(tx.Json));
                return (response.StatusCode, Body: await response.Content.ReadAsStringAsync());
            }))));

        foreach (var (tx, pair) in transactions.Zip(answers))
        {
            Assert.Equal([HttpStatusCode.OK, HttpStatusCode.Created], pair.Select(a => a.StatusCode).Order());
            Assert.Equal(tx.TxId, Json.Parse<CommittedTransactionDocument>(pair[0].Body).TxId);
            // The same transaction, committed once. A docket may be sealed between the two answers: then only the later
            // one names its docketNumber, which is not a second commit.
            Assert.Equal(WithoutDocket(pair[0].Body), WithoutDocket(pair[1].Body));
        }

        Assert.Equal(transactions.Count, await RegisterFlows.HeightAsync(client, registerId));
        replicas.ForEach(r => r.Dispose());
    });

    [ReplicasFact]
    public Task Gateway_health_is_degraded_not_down_while_one_replica_of_a_service_is_stopped() => platform.ExplainFailureAsync(async () =>
    {
        await platform.App.StopResourceAsync("wallet-2");
        try
        {
            var (status, body) = await GatewayHealth.WaitForAsync(platform.Gateway, "Degraded");
            Assert.Equal(HttpStatusCode.OK, status);
            Assert.Equal("Degraded", body.Status);
            Assert.Equal("Degraded", body.Services["wallet"]);

            // The stopped replica refuses connections; every request lands on the other one.
            using var alice = await platform.ClientAsync("replica-health");
            for (var i = 0; i < 4; i++)
            {
                using var wallets = await alice.GetAsync("/api/wallets");
                Assert.Equal(HttpStatusCode.OK, wallets.StatusCode);
            }
        }
        finally
        {
            await platform.App.StartResourceAsync("wallet-2");
        }

        Assert.Equal("Healthy", (await GatewayHealth.WaitForAsync(platform.Gateway, "Healthy")).Body.Status);
    });

    private static string WithoutDocket(string answer)
    {
        var node = System.Text.Json.Nodes.JsonNode.Parse(answer)!.AsObject();
        node.Remove("docketNumber");
        return node.ToJsonString();
    }
}
