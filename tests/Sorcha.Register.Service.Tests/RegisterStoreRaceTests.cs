using System.Collections.Concurrent;
using System.Text;
using Sorcha.Client;
using Sorcha.Contracts.Registers;
using Sorcha.Cryptography;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Transactions;
using Sorcha.Ledger.Verification;
using Sorcha.Registers.Store;
using Sorcha.Testing.Registers;
using StackExchange.Redis;
using Xunit.Abstractions;
using Docket = Sorcha.Ledger.Dockets.Docket;

namespace Sorcha.Register.Service.Tests;

/// <summary>
/// What several Transaction and Register replicas do, straight on the register store (RegisterStore) with no HTTP in
/// between: writers on separate Redis connections with stale head hints append to one register, and sealers — two
/// here plus the in-process Register service's own — race to seal it. The chain must stay linear and every range must
/// be sealed exactly once. A real Redis, no platform: the store's scripts are what races.
/// </summary>
[Collection(RegisterScope.Name)]
public sealed class RegisterStoreRaceTests(RegisterServices services, ITestOutputHelper output)
{
    private const int Total = 2000;

    [Fact]
    public async Task Racing_writers_and_sealers_on_separate_connections_never_fork_gap_or_double_seal()
    {
        using var client = await services.ClientAsync("ledger-replicas");
        var id = (await RegisterFlows.RegisterAsync(client, "replicas")).Id;
        using var redisA = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        using var redisB = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        RegisterStore[] stores = [new(redisA), new(redisB)];
        var sealedKey = (await stores[0].GetAsync(id))!.SealedSigningKey;
        var signingKey = KeyProtection.Open(Convert.FromBase64String(services.RegisterKeyEncryptionKey), sealedKey,
            Encoding.UTF8.GetBytes("sorcha/v1/register-key/" + id));

        var signer = Signer.New();
        var parsed = new ParsedTransaction[Total];
        Parallel.For(0, Total, i =>
        {
            Assert.True(TransactionParser.TryParse(Encoding.UTF8.GetBytes(RegisterFlows.Build(id, signer).Json), out var tx, out _));
            parsed[i] = tx!;
        });

        var sequences = new ConcurrentBag<long>();
        var writers = parsed.Chunk(25).Select((chunk, i) => (chunk, i)).GroupBy(x => x.i % 8).Select(group => Task.Run(async () =>
        {
            AppendHead? hint = null;
            foreach (var (chunk, i) in group)
            {
                // Alternate connections, and keep a hint that other writers make stale: the "moved" path runs a lot.
                var outcome = await stores[i % 2].AppendAsync(id, chunk, hint);
                hint = outcome.Head;
                Assert.All(outcome.Items, item => Assert.Equal(AppendStatus.Created, item.Status));
                foreach (var item in outcome.Items)
                {
                    sequences.Add(item.Transaction.Sequence);
                }
            }
        })).ToArray();

        var published = 0;
        var lost = 0;
        var writing = Task.WhenAll(writers);
        var sealers = stores.Select(store => Task.Run(async () =>
        {
            while (true)
            {
                var state = (await store.GetStateAsync(id))!;
                if (state.Unsealed == 0)
                {
                    if (writing.IsCompleted)
                    {
                        return;
                    }

                    await Task.Delay(5);
                    continue;
                }

                var count = (int)Math.Min(state.Unsealed, 7);
                var txIds = await store.GetTxIdsAsync(id, state.Sealed, count);
                var tree = await store.GetTreeAsync(id, state);
                var docket = DocketSealer.Seal(id, state.Dockets, state.Sealed, txIds, state.LastDocketHash, DateTimeOffset.UtcNow, signingKey, tree);
                if (await store.TryPublishDocketAsync(state, docket, tree))
                {
                    Interlocked.Increment(ref published);
                }
                else
                {
                    Interlocked.Increment(ref lost);
                }
            }
        })).ToArray();
        await Task.WhenAll([writing, .. sealers]);
        output.WriteLine($"test sealers published {published} dockets and lost {lost} races");

        Assert.Equal(Enumerable.Range(0, Total).Select(i => (long)i), sequences.Order());
        var dockets = await RegisterFlows.DocketsAsync(client, id);
        RegisterFlows.AssertContiguous(dockets, Total, id);
        Assert.True(published > 0, $"published {published}, lost {lost}");
        Assert.True(published <= dockets.Count, $"published {published} > {dockets.Count} dockets: a range was sealed twice");
        var verification = await Json.GetAsync<VerificationResult>(client, $"/api/registers/{id}/verify");
        Assert.True(verification.Valid, verification.ToString());
        Assert.Equal(dockets.Count, verification.CheckedDockets);
    }

    [Fact]
    public async Task An_append_that_repeats_committed_txIds_returns_their_first_commit_and_appends_only_the_new_ones()
    {
        using var client = await services.ClientAsync("ledger-replicas-dup");
        var id = (await RegisterFlows.RegisterAsync(client, "replicas-dup")).Id;
        using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var store = new RegisterStore(redis);
        var signer = Signer.New();
        ParsedTransaction Parse() =>
            TransactionParser.TryParse(Encoding.UTF8.GetBytes(RegisterFlows.Build(id, signer).Json), out var tx, out _) ? tx : throw new InvalidOperationException();
        var (a, b, c) = (Parse(), Parse(), Parse());

        var first = await store.AppendAsync(id, [a, b]);
        // A stale hint (height 0) and two already-committed txIds around a new one.
        var second = await store.AppendAsync(id, [b, c, a, c], new AppendHead(0, new string('0', 64)));

        Assert.Equal([AppendStatus.Existing, AppendStatus.Created, AppendStatus.Existing, AppendStatus.Existing],
            second.Items.Select(i => i.Status));
        Assert.Equal([1L, 2, 0, 2], second.Items.Select(i => i.Transaction.Sequence));
        Assert.Equal(first.Items[1].Transaction.Json.ToArray(), second.Items[0].Transaction.Json.ToArray());
        Assert.Equal(3, second.Head!.Height);
        Assert.Equal(3, (await store.GetStateAsync(id))!.Height);
        Assert.True((await store.AppendAsync(Guid.NewGuid().ToString("N"), [a])).UnknownRegister);
    }

    /// <summary>
    /// The append script reads and writes in chunks of 500 fields: a batch longer than two chunks, with committed txIds
    /// only past the first chunk, still finds every repeat, and appends the rest contiguously with every index entry.
    /// </summary>
    [Fact]
    public async Task An_append_longer_than_the_scripts_chunks_finds_repeats_in_any_chunk_and_writes_every_index()
    {
        using var client = await services.ClientAsync("ledger-chunks");
        var id = (await RegisterFlows.RegisterAsync(client, "chunks")).Id;
        using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var store = new RegisterStore(redis);
        var signer = Signer.New();
        var parsed = new ParsedTransaction[1201];
        Parallel.For(0, parsed.Length, i =>
        {
            Assert.True(TransactionParser.TryParse(Encoding.UTF8.GetBytes(RegisterFlows.Build(id, signer).Json), out var tx, out _));
            parsed[i] = tx!;
        });

        var first = await store.AppendAsync(id, [parsed[700], parsed[1100]]);
        var second = await store.AppendAsync(id, parsed, first.Head);

        Assert.Equal(AppendStatus.Existing, second.Items[700].Status);
        Assert.Equal(AppendStatus.Existing, second.Items[1100].Status);
        Assert.Equal([0L, 1], [second.Items[700].Transaction.Sequence, second.Items[1100].Transaction.Sequence]);
        var created = second.Items.Where(i => i.Status == AppendStatus.Created).Select(i => i.Transaction.Sequence).ToList();
        Assert.Equal(Enumerable.Range(2, 1199).Select(i => (long)i), created);
        Assert.Equal(1201, (await store.GetStateAsync(id))!.Height);
        var txIds = await store.GetTxIdsAsync(id, 0, 1201);
        Assert.Equal(parsed.Select(p => p.TxId).Order(StringComparer.Ordinal), txIds.Select(Convert.ToHexStringLower).Order(StringComparer.Ordinal));
        foreach (var i in new[] { 0, 499, 500, 999, 1000, 1200 })
        {
            Assert.Equal(id, (await store.LocateAsync(parsed[i].TxId))?.RegisterId);
            Assert.Equal(parsed[i].TxId, (await store.GetTransactionAsync(id, parsed[i].TxId))?.Json is { } json
                ? Sorcha.Ledger.Chain.CommittedTransactionReader.TryRead(json.ToArray(), out var read, out _) ? read.Commit.TxId : null
                : null);
        }

        var verification = await Json.GetAsync<VerificationResult>(client, $"/api/registers/{id}/verify");
        Assert.True(verification.Valid, verification.ToString());
    }

    /// <summary>
    /// The race a verify met under load: its snapshot was read, then a docket sealed transactions below the snapshot's
    /// height, then the streams were read. Both streams must leave that docket out, or a transaction names a docket the
    /// docket stream does not hold and an intact register reads as invalid.
    /// </summary>
    [Fact]
    public async Task A_docket_sealed_below_the_height_after_the_snapshot_is_in_neither_stream()
    {
        using var client = await services.ClientAsync("ledger-snapshot-below");
        using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var store = new RegisterStore(redis);
        var signer = Signer.New();
        for (var attempt = 0; ; attempt++)
        {
            var register = await RegisterFlows.RegisterAsync(client, "snapshot-below");
            var id = register.Id;
            var parsed = Enumerable.Range(0, 20).Select(i =>
                TransactionParser.TryParse(Encoding.UTF8.GetBytes(RegisterFlows.Build(id, signer).Json), out var tx, out _) ? tx : throw new InvalidOperationException())
                .ToArray();
            await store.AppendAsync(id, parsed);
            var snapshot = (await store.GetStateAsync(id))!;
            if (snapshot.Sealed > 0)
            {
                // The service's sealer (1 s after the first unsealed transaction) came first: this register shows nothing.
                Assert.True(attempt < 5, "the service's sealer sealed every attempt before the snapshot was read");
                continue;
            }

            var sealedKey = (await store.GetAsync(id))!.SealedSigningKey;
            var key = KeyProtection.Open(Convert.FromBase64String(services.RegisterKeyEncryptionKey), sealedKey,
                Encoding.UTF8.GetBytes("sorcha/v1/register-key/" + id));
            var tree = await store.GetTreeAsync(id, snapshot);
            var docket = DocketSealer.Seal(id, 0, 0, await store.GetTxIdsAsync(id, 0, 20), snapshot.LastDocketHash, DateTimeOffset.UtcNow, key, tree);
            await store.TryPublishDocketAsync(snapshot, docket, tree); // or the service's sealer published the same range
            Assert.Equal(19, (await store.GetDocketAsync(id, 0))!.LastSequence);

            await AssertSnapshotAloneVerifiesAsync(store, register, snapshot, 20);
            return;
        }
    }

    [Fact]
    public async Task A_snapshot_names_no_docket_that_reaches_past_its_height_so_it_verifies_while_the_register_grows()
    {
        using var client = await services.ClientAsync("ledger-snapshot");
        var register = await RegisterFlows.RegisterAsync(client, "snapshot");
        var id = register.Id;
        using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var store = new RegisterStore(redis);
        var signer = Signer.New();
        var parsed = Enumerable.Range(0, 100).Select(i =>
            TransactionParser.TryParse(Encoding.UTF8.GetBytes(RegisterFlows.Build(id, signer).Json), out var tx, out _) ? tx : throw new InvalidOperationException())
            .ToArray();

        // The snapshot is taken at height 50; then 50 more commit and one docket seals 0..99 across the snapshot's end.
        await store.AppendAsync(id, parsed[..50]);
        var snapshot = (await store.GetStateAsync(id))!;
        await store.AppendAsync(id, parsed[50..]);
        var sealedKey = (await store.GetAsync(id))!.SealedSigningKey;
        var key = KeyProtection.Open(Convert.FromBase64String(services.RegisterKeyEncryptionKey), sealedKey,
            Encoding.UTF8.GetBytes("sorcha/v1/register-key/" + id));
        var state = (await store.GetStateAsync(id))!;
        if (state.Sealed == 0)
        {
            var tree = await store.GetTreeAsync(id, state);
            var docket = DocketSealer.Seal(id, 0, 0, await store.GetTxIdsAsync(id, 0, 100), state.LastDocketHash, DateTimeOffset.UtcNow, key, tree);
            await store.TryPublishDocketAsync(state, docket, tree); // the service's sealer may have sealed the same 100 first
        }

        Assert.True((await store.GetDocketAsync(id, 0))!.LastSequence >= snapshot.Height);
        await AssertSnapshotAloneVerifiesAsync(store, register, snapshot, 50);
    }

    /// <summary>
    /// Streams <paramref name="snapshot"/> as verify does: its transactions name no docket, no docket comes with them
    /// (the one sealed afterwards is not the snapshot's), and the pair verifies against the snapshot's head.
    /// </summary>
    private static async Task AssertSnapshotAloneVerifiesAsync(RegisterStore store, RegisterDto register, RegisterState snapshot, int expected)
    {
        var id = register.Id;
        var transactions = new List<ReadOnlyMemory<byte>>();
        await foreach (var tx in store.StreamTransactionsAsync(id, snapshot))
        {
            Assert.DoesNotContain("docketNumber", Encoding.UTF8.GetString(tx.Json.Span), StringComparison.Ordinal);
            transactions.Add(tx.Json);
        }

        var dockets = new List<Docket>();
        await foreach (var docket in store.StreamDocketsAsync(id, snapshot))
        {
            dockets.Add(docket);
        }

        Assert.Equal(expected, transactions.Count);
        Assert.Empty(dockets);
        var (result, _) = await Sorcha.Ledger.Verification.RegisterVerifier.VerifyAsync(transactions.ToAsyncEnumerable(), dockets.ToAsyncEnumerable(),
            new Sorcha.Ledger.Verification.RegisterVerifierOptions
            {
                RegisterId = id,
                RegisterPublicKey = register.PublicKey,
                ExpectedHead = new Sorcha.Ledger.Verification.RegisterHead(snapshot.Height, snapshot.ChainHash),
            });
        Assert.True(result.Valid, result.Reason);
    }
}
