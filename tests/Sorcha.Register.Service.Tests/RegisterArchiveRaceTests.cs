using System.Collections.Concurrent;
using System.Text;
using Sorcha.Ledger.Transactions;
using Sorcha.Registers.Store;
using Sorcha.Testing.Registers;
using StackExchange.Redis;

namespace Sorcha.Register.Service.Tests;

/// <summary>
/// Appends racing the owner's archive, straight on the register store from two connections (two Transaction replicas)
/// while the archive goes through the Register service: each batch is either wholly committed before the archive step,
/// and so inside the final docket, or wholly refused after it. None is lost, none half-written, none after the end.
/// </summary>
[Collection(RegisterScope.Name)]
public sealed class RegisterArchiveRaceTests(RegisterServices services)
{
    [Fact]
    public async Task Appends_in_flight_while_the_register_is_archived_commit_before_the_final_docket_or_are_refused()
    {
        var owner = services.Client("lifecycle-race");
        var id = (await owner.Registers.CreateAsync("archive race")).Id;
        using var redisA = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        using var redisB = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        RegisterStore[] stores = [new(redisA), new(redisB)];
        var signer = Signer.New();
        ParsedTransaction Parse() =>
            TransactionParser.TryParse(Encoding.UTF8.GetBytes(RegisterFlows.Build(id, signer).Json), out var tx, out _) ? tx : throw new InvalidOperationException();

        var committed = new ConcurrentBag<long>();
        var refused = 0;
        var archiving = new TaskCompletionSource();
        var writers = Enumerable.Range(0, 6).Select(w => Task.Run(async () =>
        {
            AppendHead? hint = null;
            for (var round = 0; ; round++)
            {
                var outcome = await stores[w % 2].AppendAsync(id, [.. Enumerable.Range(0, 5).Select(_ => Parse())], hint);
                if (outcome.Closure == RegisterClosure.Archived)
                {
                    Assert.Empty(outcome.Items);
                    Interlocked.Increment(ref refused);
                    return;
                }

                Assert.All(outcome.Items, item => Assert.Equal(AppendStatus.Created, item.Status));
                foreach (var item in outcome.Items)
                {
                    committed.Add(item.Transaction.Sequence);
                }

                hint = outcome.Head;
                if (round == 10)
                {
                    archiving.TrySetResult();
                }
            }
        })).ToArray();

        await archiving.Task;
        var archived = await owner.Registers.ArchiveAsync(id);
        await Task.WhenAll(writers);

        Assert.Equal(writers.Length, refused);
        Assert.Equal(Enumerable.Range(0, (int)archived.Height).Select(i => (long)i), committed.Order());
        Assert.Equal(archived.Height, (await owner.Registers.GetAsync(id)).Height);
        var dockets = await owner.Registers.GetDocketsAsync(id, pageSize: 100);
        Assert.Equal(archived.Height - 1, dockets.Items[^1].LastSequence);
        var verified = await owner.Registers.VerifyAsync(id);
        Assert.True(verified.Valid, verified.Reason);
    }
}
