extern alias register;
extern alias transaction;

using System.Collections.Concurrent;
using System.Net;
using System.Text;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;
using Sorcha.Events;
using Sorcha.AppHost;
using Sorcha.Ledger.Transactions;
using Sorcha.Registers.Store;
using Sorcha.ServiceDefaults.Redis;
using Sorcha.Testing;
using Sorcha.Testing.InProcess;
using Sorcha.Testing.Registers;
using StackExchange.Redis;
using transaction::Sorcha.Transaction.Service.Commit;
using transaction::Sorcha.Transaction.Service.Transactions;
using Xunit.Abstractions;

namespace Sorcha.Transaction.Service.Tests;

/// <summary>
/// Redis going away under a commit is a 503 (retry; resubmitting is idempotent), never a 500 (one fault-test
/// run saw a 500 as Redis was killed). StackExchange.Redis's <c>GetServer(key)</c> throws a plain
/// InvalidOperationException when no connected server owns the key; the append asked it whether Redis is a cluster
/// before every commit that held a head from the last one, so the first commit after the connection dropped was a 500.
/// </summary>
[Collection(TransactionScope.Name)]
public sealed class RedisOutageTests(TransactionServices services)
{
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public async Task A_commit_after_the_connection_dropped_fails_as_a_store_failure(int transactions)
    {
        using var client = await services.ClientAsync("outage-lane");
        var id = (await RegisterFlows.RegisterAsync(client, "outage lane")).Id;
        await using var relay = RedisRelay.Start(services.RedisConnectionString);
        using var redis = await ConnectionMultiplexer.ConnectAsync(
            RedisSetup.Apply(ConfigurationOptions.Parse(relay.ConnectionString), new RedisTimeoutOptions()));
        var commits = new GroupCommitter(new RegisterStore(redis), InProcessEvents(), NullLogger<GroupCommitter>.Instance);
        var signer = Signer.New();

        // A first commit leaves the lane holding the register's head, so the next one does not read it first.
        var first = await commits.SubmitMany([Parse(id, signer)])[0];
        Assert.Equal(AppendStatus.Created, first?.Status);

        relay.Cut();
        await UntilAsync(() => !redis.IsConnected);
        var failed = commits.SubmitMany([.. Enumerable.Range(0, transactions).Select(_ => Parse(id, signer))]);
        foreach (var commit in failed)
        {
            var e = await Assert.ThrowsAnyAsync<Exception>(() => commit);
            Assert.True(TransactionProblems.IsStoreFailure(e), $"a store failure (503), not {e}");
        }

        relay.Restore();
        await UntilAsync(() => redis.IsConnected);
        Assert.Equal(AppendStatus.Created, (await commits.SubmitMany([Parse(id, signer)])[0])?.Status);
    }

    /// <summary>Live events with SignalR's in-memory bus: no subscriber here, the lane only raises them.</summary>
    private static LiveEvents InProcessEvents() => new ServiceCollection().AddLogging().AddSingleton<LiveEvents>()
        .AddSignalR().Services.BuildServiceProvider().GetRequiredService<LiveEvents>();

    private static ParsedTransaction Parse(string registerId, Signer signer)
    {
        Assert.True(TransactionParser.TryParse(Encoding.UTF8.GetBytes(RegisterFlows.Build(registerId, signer).Json), out var tx, out _));
        return tx!;
    }

    /// <summary>Fails the test unless <paramref name="condition"/> holds within 30 s.</summary>
    internal static async Task UntilAsync(Func<bool> condition) =>
        Assert.True(await Poll.UntilAsync(condition, TimeSpan.FromSeconds(30)), "waited 30 s");
}

/// <summary>
/// The whole route under the same fault: writers keep committing into one register while the Transaction service's
/// Redis connection is cut and given back, again and again. Every answer is 201, 200 (a resend of a commit whose answer
/// was lost) or 503 with Retry-After, and the register ends with each acknowledged transaction exactly once.
/// </summary>
[Collection(RelayedTransactionScope.Name)]
public sealed class RedisOutageUnderLoadTests(RelayedTransactionServices services, ITestOutputHelper output)
{
    private const int Writers = 8;
    private const int Cuts = 15;

    [Fact]
    public async Task Commits_while_Redis_comes_and_goes_are_answered_201_200_or_503_never_500()
    {
        using var client = await services.ClientAsync("outage-load");
        var id = (await RegisterFlows.RegisterAsync(client, "outage load")).Id;
        var answers = new ConcurrentQueue<(int Status, string? RetryAfter, string? MediaType, string Body)>();
        var acknowledged = new ConcurrentDictionary<string, byte>();
        using var stop = new CancellationTokenSource();

        var writers = Enumerable.Range(0, Writers).Select(_ => Task.Run(async () =>
        {
            var signer = Signer.New();
            SignedTransaction? pending = null;
            while (!stop.IsCancellationRequested || pending is not null)
            {
                pending ??= RegisterFlows.Build(id, signer);
                using var response = await client.PostAsync("/api/transactions", RegisterFlows.Body(pending.Json));
                var body = response.IsSuccessStatusCode ? "" : await response.Content.ReadAsStringAsync();
                answers.Enqueue(((int)response.StatusCode, response.Headers.RetryAfter?.ToString(),
                    response.Content.Headers.ContentType?.MediaType, body));
                if (response.StatusCode is HttpStatusCode.Created or HttpStatusCode.OK)
                {
                    acknowledged.TryAdd(pending.TxId, 0);
                    pending = null;
                }
                else
                {
                    // Resent after a pause, as a careful client does (and as the fault tests' load does).
                    await Task.Delay(50);
                }
            }
        })).ToArray();

        for (var cut = 0; cut < Cuts; cut++)
        {
            // Commits flowing again (the service re-dials Redis within a second or two), then cut at a random moment.
            var before = acknowledged.Count;
            await RedisOutageTests.UntilAsync(() => acknowledged.Count >= before + Writers);
            await Task.Delay(Random.Shared.Next(50));
            services.Relay.Cut();
            await Task.Delay(100);
            services.Relay.Restore();
        }

        await Task.Delay(500);
        await stop.CancelAsync();
        await Task.WhenAll(writers).WaitAsync(TimeSpan.FromSeconds(60));

        var all = answers.ToList();
        output.WriteLine($"{all.Count} answers over {Cuts} cuts: " +
            string.Join(", ", all.GroupBy(a => a.Status).OrderBy(g => g.Key).Select(g => $"{g.Count()} × {g.Key}")));
        Assert.All(all, a => Assert.True(a.Status is 200 or 201 or 503, $"{a.Status}: {a.Body}"));
        Assert.Contains(all, a => a.Status == 503); // the outages were real
        Assert.All(all.Where(a => a.Status == 503), a =>
        {
            Assert.Equal("1", a.RetryAfter);
            Assert.Equal("application/problem+json", a.MediaType);
        });
        Assert.Equal(acknowledged.Count, await RegisterFlows.HeightAsync(client, id));
    }
}

/// <summary>The Transaction service with its Redis behind a <see cref="RedisRelay"/>; the Register service beside it, direct.</summary>
public sealed class RelayedTransactionServices : TransactionServices
{
    public RedisRelay Relay { get; private set; } = null!;

    protected override string TransactionRedis(string redis) => (Relay = RedisRelay.Start(redis)).ConnectionString;

    public override async Task DisposeAsync()
    {
        await base.DisposeAsync();
        await Relay.DisposeAsync();
    }
}

[CollectionDefinition(Name)]
public sealed class RelayedTransactionScope : ICollectionFixture<RelayedTransactionServices>
{
    public const string Name = "transaction service on a relayed Redis";
}
