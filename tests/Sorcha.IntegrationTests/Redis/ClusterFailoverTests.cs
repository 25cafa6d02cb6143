using System.Collections.Concurrent;
using System.Diagnostics;
using System.Net;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Registers.Store;
using Sorcha.Testing;
using Sorcha.Testing.Faults;
using StackExchange.Redis;
using Xunit.Abstractions;

namespace Sorcha.IntegrationTests.Redis;

/// <summary>
/// Failover on a Redis Cluster: SIGKILL the master holding a register during a steady submission load; its replica takes over, and
/// every transaction that got a 201 is there afterwards and the register verifies. Prints what clients saw and the
/// recovery time (indicative only: no timing is asserted). On the shared platform of CI's rerun
/// (<see cref="ClusterFactAttribute"/>): the 50 commits awaited after the kill each need that shard's WAIT 1, so by the
/// test's end the restarted node is the promoted master's replica again and the classes after it find the cluster whole.
/// </summary>
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class ClusterFailoverTests(PlatformFixture platform, ITestOutputHelper output)
{
    private const int Workers = 4;
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(60);

    [ClusterFact]
    public Task A_killed_master_loses_no_transaction_that_got_a_201() => platform.ExplainFailureAsync(async () =>
    {
        var client = platform.Caller("failover");
        var register = (await client.Registers.CreateAsync("failover")).Id;
        await using var redis = await platform.ConnectAsync();
        var victim = redis.GetServer(RegisterKeys.Head(register));
        var pid = int.Parse(victim.Info("server").SelectMany(g => g).Single(kv => kv.Key == "process_id").Value);

        var created = new ConcurrentBag<string>();
        var seen = new ConcurrentDictionary<string, int>();
        var clock = Stopwatch.StartNew();
        long killedAt = -1, firstCreatedAfterKill = -1, firstFailure = -1, lastFailure = -1;
        using var stop = new CancellationTokenSource(Patience);
        var load = Enumerable.Range(0, Workers).Select(w => Task.Run(async () =>
        {
            var signer = TransactionSigner.Generate();
            for (var n = 0; !stop.IsCancellationRequested; n++)
            {
                var signed = signer.Sign(register, new JsonObject { ["worker"] = w, ["n"] = n });
                try
                {
                    var receipt = await client.Transactions.SubmitAsync(signed.Transaction);
                    if (receipt.Created)
                    {
                        created.Add(signed.TxId);
                        seen.AddOrUpdate("201", 1, (_, c) => c + 1);
                        if (Volatile.Read(ref killedAt) >= 0)
                        {
                            Interlocked.CompareExchange(ref firstCreatedAfterKill, clock.ElapsedMilliseconds, -1);
                        }
                    }
                }
                catch (Exception e) when (e is HttpRequestException or TaskCanceledException)
                {
                    var what = e is SorchaApiException api ? $"{(int?)api.StatusCode} {api.Message}" : e.GetType().Name;
                    seen.AddOrUpdate(what.Length > 120 ? what[..120] : what, 1, (_, c) => c + 1);
                    Interlocked.CompareExchange(ref firstFailure, clock.ElapsedMilliseconds, -1);
                    Interlocked.Exchange(ref lastFailure, clock.ElapsedMilliseconds);
                    await Task.Delay(100);
                }
            }
        })).ToList();

        Assert.True(await Poll.UntilAsync(() => created.Count >= 50, Patience), "50 commits before the kill");
        Process.GetProcessById(pid).Kill(); // SIGKILL: no AOF flush, no goodbye to the cluster
        Volatile.Write(ref killedAt, clock.ElapsedMilliseconds);
        var before = created.Count;
        var recovered = await Poll.UntilAsync(() => Volatile.Read(ref firstCreatedAfterKill) >= 0 && created.Count >= before + 50, Patience);
        await stop.CancelAsync();
        await Task.WhenAll(load);

        // Recovery: from the kill to the last failed submission (the load keeps going, so a later one would have shown).
        output.WriteLine($"failover: killed master {victim.EndPoint} (pid {pid}); submissions failed from {firstFailure - killedAt} ms " +
            $"to {lastFailure - killedAt} ms after the kill: recovery {(lastFailure < 0 ? 0 : lastFailure - killedAt)} ms " +
            $"(including the 5 s before src/Sorcha.AppHost/Redis/redis-cluster.sh restarts a dead node; {Workers} submitters, a busy machine)");
        output.WriteLine("answers: " + string.Join("; ", seen.OrderByDescending(kv => kv.Value).Select(kv => $"{kv.Value} × {kv.Key}")));
        Assert.True(recovered, $"not 50 commits within {Patience.TotalSeconds} s of the kill");

        var promoted = (await platform.ConnectAsync()).GetServer(RegisterKeys.Head(register));
        Assert.NotEqual(victim.EndPoint, promoted.EndPoint);
        Assert.False(promoted.IsReplica);
        foreach (var txId in created)
        {
            Assert.Equal(txId, (await client.Registers.GetTransactionAsync(register, txId)).TxId);
        }

        var verification = await client.Registers.VerifyAsync(register);
        Assert.True(verification.Valid, $"verify after the failover: {verification}");
        Assert.True((await client.Registers.GetAsync(register)).Height >= created.Count);
    });

    [ClusterFact]
    public Task Every_write_followed_by_wait_1_is_acknowledged_by_a_replica_and_the_cost_is_printed() => platform.ExplainFailureAsync(async () =>
    {
        await using var redis = await platform.ConnectAsync();
        var key = (RedisKey)$"wait-cost:{{{Guid.NewGuid():N}}}"; // a test key, deleted below: outside the catalogues
        var db = redis.GetDatabase();
        var server = redis.GetServer(key);
        var plain = new List<double>();
        var waited = new List<double>();
        try
        {
            for (var i = 0; i < 400; i++)
            {
                var clock = Stopwatch.StartNew();
                await db.HashSetAsync(key, "n", i);
                plain.Add(clock.Elapsed.TotalMilliseconds);
                clock.Restart();
                await db.HashSetAsync(key, "n", i);
                var acknowledged = (long)await server.ExecuteAsync("WAIT", 1, 1_000);
                waited.Add(clock.Elapsed.TotalMilliseconds);
                Assert.Equal(1, acknowledged);
            }
        }
        finally
        {
            await db.KeyDeleteAsync(key);
        }

        output.WriteLine($"wait cost: write alone p50 {Percentile(plain, 50):F2} ms, p99 {Percentile(plain, 99):F2} ms; " +
            $"write + WAIT 1 p50 {Percentile(waited, 50):F2} ms, p99 {Percentile(waited, 99):F2} ms (400 sequential writes, a busy machine)");
    });

    private static double Percentile(List<double> values, int p) => values.Order().ElementAt((values.Count - 1) * p / 100);
}
