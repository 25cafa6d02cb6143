using Sorcha.Registers.Store;
using Sorcha.Testing.Registers;
using StackExchange.Redis;

namespace Sorcha.Register.Service.Tests;

/// <summary>
/// A register's indexes straight on the store (RegisterStore) and a real Redis: every filter and combination answers
/// exactly the transactions a plain scan of what was built would (IndexedRegister), in sequence order, with an exact
/// total, page by page; what one transaction adds is bounded and counted; the stats count types.
/// </summary>
[Collection(RegisterScope.Name)]
public sealed class RegisterIndexTests(RegisterServices services) : IAsyncLifetime
{
    private const long NoBudget = long.MaxValue;

    private static readonly Signer[] Senders = [Signer.New(), Signer.New(), Signer.New(), Signer.New()];

    // Wallets that only ever receive.
    private static readonly string[] Receivers = [Signer.New().Address, Signer.New().Address];

    private static readonly string[] Wallets = [.. Senders.Select(s => s.Address), .. Receivers];

    private ConnectionMultiplexer _redis = null!;

    private RegisterStore Store => new(_redis);

    public async Task InitializeAsync() => _redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);

    public async Task DisposeAsync() => await _redis.DisposeAsync();

    [Fact]
    public async Task Each_filter_and_every_combination_answers_exactly_the_matching_transactions_in_sequence_order()
    {
        var register = await MixedRegisterAsync("index-filters", 90);

        foreach (var filter in Filters())
        {
            var found = await Store.FindTransactionsAsync(register.Id, filter, 0, 100, NoBudget);
            Assert.Equal(FilterOutcome.Found, found.Outcome);
            var expected = register.Expected(filter);
            Assert.True(expected.SequenceEqual(found.Items.Select(t => t.Sequence)), $"{filter}: expected [{string.Join(',', expected)}], " +
                $"got [{string.Join(',', found.Items.Select(t => t.Sequence))}]");
            Assert.Equal(expected.Count, found.Total);
        }

        // Values nobody used match nothing, alone or combined.
        foreach (var filter in new TransactionFilter[] { new(Signer.New().Address), new(BlueprintId: "bp-none"), new(Wallets[0], "bp-none") })
        {
            var found = await Store.FindTransactionsAsync(register.Id, filter, 0, 100, NoBudget);
            Assert.Equal((FilterOutcome.Found, 0L, 0), (found.Outcome, found.Total, found.Items.Count));
        }
    }

    [Fact]
    public async Task Pages_of_a_filter_and_of_a_combination_add_up_to_the_whole_each_with_the_exact_total()
    {
        var register = await MixedRegisterAsync("index-pages", 90);

        foreach (var filter in new TransactionFilter[] { new(Wallets[1]), new(Wallets[4], "bp-a"), new(null, "bp-b", "inst-2") })
        {
            var expected = register.Expected(filter);
            Assert.True(expected.Count > 3, $"{filter} matches too few to page: {expected.Count}");
            var pages = new List<long>();
            for (long skip = 0; skip <= expected.Count; skip += 3)
            {
                var page = await Store.FindTransactionsAsync(register.Id, filter, skip, 3, NoBudget);
                Assert.Equal(expected.Count, page.Total);
                Assert.Equal(Math.Clamp(expected.Count - skip, 0, 3), page.Items.Count);
                pages.AddRange(page.Items.Select(t => t.Sequence));
            }

            Assert.Equal(expected, pages);
        }
    }

    [Fact]
    public async Task A_recipient_is_found_by_its_wallet_and_a_sender_that_is_also_a_recipient_once()
    {
        var register = await RegisterAsync("index-recipients");
        var (alice, bob, carol) = (Senders[0], Senders[1].Address, Receivers[0]);
        await Store.AppendAsync(register.Id, register.Build(
        [
            new Shape(alice, [bob, alice.Address, carol, "not-an-address", bob]),
            new Shape(alice, []),
            new Shape(Senders[1], [carol]),
        ]));

        Assert.Equal([0L, 1], await SequencesAsync(register.Id, new TransactionFilter(alice.Address)));
        Assert.Equal([0L, 2], await SequencesAsync(register.Id, new TransactionFilter(bob)));
        Assert.Equal([0L, 2], await SequencesAsync(register.Id, new TransactionFilter(carol)));
        // Sender, bob and carol for the first (the non-address and the repeats add nothing), then one and two.
        Assert.Equal(3 + 1 + 2, await IndexEntriesAsync(register.Id));
    }

    [Fact]
    public async Task Values_up_to_the_limit_are_indexed_and_longer_ones_are_not()
    {
        var register = await RegisterAsync("index-lengths");
        var (atLimit, over) = (new string('b', TransactionIndex.MaxValueLength), new string('b', TransactionIndex.MaxValueLength + 1));
        await Store.AppendAsync(register.Id, register.Build(
        [
            new Shape(Senders[0], [], atLimit, atLimit, "{reg:x}"),
            new Shape(Senders[0], [], over, over, over),
        ]));

        Assert.Equal([0L], await SequencesAsync(register.Id, new TransactionFilter(BlueprintId: atLimit)));
        Assert.Equal([0L], await SequencesAsync(register.Id, new TransactionFilter(InstanceId: "{reg:x}")));
        Assert.Empty(await SequencesAsync(register.Id, new TransactionFilter(BlueprintId: over, InstanceId: over)));
        Assert.Equal(new Dictionary<string, long> { [atLimit] = 1 }, (await Store.GetStatsAsync(register.Id))!.ByType);
        Assert.Equal(2 + 1 + 0 + 1, await IndexEntriesAsync(register.Id));
    }

    [Fact]
    public async Task Combined_filters_over_the_budget_are_refused_and_a_single_filter_never_is()
    {
        var register = await MixedRegisterAsync("index-budget", 60);
        var filter = new TransactionFilter(Wallets[0], "bp-a");
        var smallest = Math.Min(register.Expected(new TransactionFilter(Wallets[0])).Count, register.Expected(new TransactionFilter(BlueprintId: "bp-a")).Count);

        var refused = await Store.FindTransactionsAsync(register.Id, filter, 0, 10, smallest - 1);
        var allowed = await Store.FindTransactionsAsync(register.Id, filter, 0, 10, smallest);
        var single = await Store.FindTransactionsAsync(register.Id, new TransactionFilter(Wallets[0]), 0, 10, 1);

        Assert.Equal((FilterOutcome.OverBudget, (long)smallest), (refused.Outcome, refused.Smallest));
        Assert.Equal((FilterOutcome.Found, register.Expected(filter).Count), (allowed.Outcome, (int)allowed.Total));
        Assert.Equal((FilterOutcome.Found, register.Expected(new TransactionFilter(Wallets[0])).Count), (single.Outcome, (int)single.Total));
    }

    [Fact]
    public async Task Stats_count_each_type_leave_untyped_ones_out_and_name_the_last_seal()
    {
        var register = await MixedRegisterAsync("index-stats", 60);
        var expected = register.Shapes.Where(s => s.Type is not null).GroupBy(s => s.Type!).ToDictionary(g => g.Key, g => (long)g.Count());

        var stats = (await Store.GetStatsAsync(register.Id))!;
        Assert.Equal((60L, true), (stats.Height, stats.Indexed));
        Assert.Equal(expected.OrderBy(e => e.Key, StringComparer.Ordinal), stats.ByType.OrderBy(e => e.Key, StringComparer.Ordinal));
        Assert.True(stats.ByType.Values.Sum() < 60, "some transactions of the mix have no type");

        // The service's sealer closes the docket within about a second.
        Assert.True(await Poll.UntilAsync(async () => (await Store.GetStateAsync(register.Id))!.Sealed == 60, RegisterFlows.SealingPatience),
            "never sealed");
        stats = (await Store.GetStatsAsync(register.Id))!;
        var state = (await Store.GetStateAsync(register.Id))!;
        var last = (await Store.GetDocketAsync(register.Id, state.Dockets - 1))!;
        Assert.Equal((state.Dockets, last.SealedAt), (stats.Dockets, stats.LastSealedAt));
        Assert.Null((await Store.GetStatsAsync((await RegisterAsync("index-stats-empty")).Id))!.LastSealedAt);
    }

    [Fact]
    public async Task A_register_counts_its_first_thousand_types_and_no_type_first_seen_after()
    {
        var register = await RegisterAsync("index-types");
        var shapes = Enumerable.Range(0, TransactionIndex.MaxTypes + 1).Select(i => new Shape(Senders[i % 4], [], $"t{i:D4}"))
            .Append(new Shape(Senders[0], [], "t0000")).ToList();
        var built = new Sorcha.Ledger.Transactions.ParsedTransaction[shapes.Count];
        Parallel.For(0, shapes.Count, i => built[i] = IndexedRegister.Parse(register.Id, shapes[i]));
        await Store.AppendAsync(register.Id, built[..600]);
        await Store.AppendAsync(register.Id, built[600..]);

        var stats = (await Store.GetStatsAsync(register.Id))!;
        Assert.Equal(TransactionIndex.MaxTypes, stats.ByType.Count);
        Assert.DoesNotContain($"t{TransactionIndex.MaxTypes:D4}", stats.ByType.Keys);
        Assert.Equal(2, stats.ByType["t0000"]);
    }

    [Fact]
    public async Task A_register_from_before_the_indexes_is_refused_until_backfilled_then_every_filter_and_count_is_whole()
    {
        var register = await MixedRegisterAsync("index-backfill", 450);
        await register.ForgetIndexesAsync(_redis);
        var filter = new TransactionFilter(Wallets[2]);

        Assert.False(await Store.IsIndexedAsync(register.Id));
        Assert.Equal(FilterOutcome.NotIndexed, (await Store.FindTransactionsAsync(register.Id, filter, 0, 10, NoBudget)).Outcome);
        Assert.False((await Store.GetStatsAsync(register.Id))!.Indexed);

        // Appends after the upgrade index themselves; the register stays refused while its older part is not indexed.
        var head = (await Store.GetStateAsync(register.Id))!;
        await Store.AppendAsync(register.Id, register.Build(Enumerable.Range(0, 30).Select(i => new Shape(Senders[i % 4], [Receivers[i % 2]], "Data", "bp-a"))),
            new AppendHead(head.Height, head.ChainHash));
        Assert.Equal(FilterOutcome.NotIndexed, (await Store.FindTransactionsAsync(register.Id, filter, 0, 10, NoBudget)).Outcome);

        // Two processes backfill at once, each in chunks: every chunk is indexed and counted once.
        using var other = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var backfilled = await Task.WhenAll(Store.BackfillIndexesAsync(register.Id), new RegisterStore(other).BackfillIndexesAsync(register.Id));
        Assert.Equal(450, backfilled.Sum());
        Assert.Equal(0, await Store.BackfillIndexesAsync(register.Id));

        Assert.True(await Store.IsIndexedAsync(register.Id));
        foreach (var f in Filters())
        {
            var found = await Store.FindTransactionsAsync(register.Id, f, 0, 100, NoBudget);
            Assert.Equal((long)register.Expected(f).Count, found.Total);
            Assert.Equal(register.Expected(f).Take(100), found.Items.Select(t => t.Sequence));
        }

        var stats = (await Store.GetStatsAsync(register.Id))!;
        var types = register.Shapes.Where(s => s.Type is not null).GroupBy(s => s.Type!).ToDictionary(g => g.Key, g => (long)g.Count());
        Assert.Equal(types.OrderBy(e => e.Key, StringComparer.Ordinal), stats.ByType.OrderBy(e => e.Key, StringComparer.Ordinal));
        Assert.Equal(register.Entries, await IndexEntriesAsync(register.Id));
    }

    /// <summary>Six wallets (four send), two blueprints, five instances, three types, each sometimes absent.</summary>
    private async Task<IndexedRegister> MixedRegisterAsync(string name, int count)
    {
        var register = await RegisterAsync(name);
        var random = new Random(count);
        string? Pick(string?[] values) => values[random.Next(values.Length)];
        var shapes = Enumerable.Range(0, count).Select(_ => new Shape(
            Senders[random.Next(Senders.Length)],
            [.. Wallets.Where(_ => random.Next(3) == 0)],
            Pick([null, "Action", "Data", "Rejection"]),
            Pick([null, "bp-a", "bp-b"]),
            Pick([null, "inst-0", "inst-1", "inst-2", "inst-3", "inst-4"]))).ToList();
        AppendHead? head = null;
        foreach (var chunk in shapes.Chunk(25))
        {
            head = (await Store.AppendAsync(register.Id, register.Build(chunk), head)).Head;
        }

        Assert.Equal(register.Entries, await IndexEntriesAsync(register.Id));
        return register;
    }

    /// <summary>Every wallet, blueprint and instance alone, and every combination of two and three of them.</summary>
    private static IEnumerable<TransactionFilter> Filters()
    {
        string?[] wallets = [null, .. Wallets], blueprints = [null, "bp-a", "bp-b"], instances = [null, "inst-0", "inst-3"];
        return from w in wallets from b in blueprints from i in instances
               where w is not null || b is not null || i is not null
               select new TransactionFilter(w, b, i);
    }

    private async Task<IndexedRegister> RegisterAsync(string name)
    {
        using var client = await services.ClientAsync("index-tests");
        return new IndexedRegister((await RegisterFlows.RegisterAsync(client, name)).Id);
    }

    private async Task<IReadOnlyList<long>> SequencesAsync(string id, TransactionFilter filter) =>
        [.. (await Store.FindTransactionsAsync(id, filter, 0, 100, NoBudget)).Items.Select(t => t.Sequence)];

    private async Task<long> IndexEntriesAsync(string id) => (long)await _redis.GetDatabase().HashGetAsync(RegisterKeys.Head(id), "indexEntries");
}
