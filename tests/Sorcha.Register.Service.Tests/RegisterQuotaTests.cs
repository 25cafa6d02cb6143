extern alias register;

using System.Net.Http.Json;
using Sorcha.AppHost;
using Sorcha.Contracts.Registers;
using Sorcha.Registers.Store;
using Sorcha.Testing.InProcess;
using StackExchange.Redis;

namespace Sorcha.Register.Service.Tests;

/// <summary>The Register service with a register quota of <see cref="Limit"/> (Limits:Quotas:Registers), on a Redis of its own.</summary>
public sealed class QuotaRegisterService : ServiceHost
{
    public const int Limit = 3;

    protected override void StartServices(IReadOnlyDictionary<string, string> common) =>
        Start<register::Program>("register", ["/api/registers"], new Dictionary<string, string>(common)
        {
            ["Register:KeyEncryptionKey"] = SorchaApp.GenerateSecret(),
            ["Limits:Quotas:Registers"] = $"{Limit}",
        });
}

/// <summary>
/// Limits:Quotas:Registers: however many creations arrive at once, exactly the limit succeed and the store holds exactly
/// those; a refused one leaves nothing; the quota is per caller; deleting a register (archived first) frees its slot.
/// </summary>
public sealed class RegisterQuotaTests(QuotaRegisterService service) : IClassFixture<QuotaRegisterService>
{
    private const int Limit = QuotaRegisterService.Limit;

    [Fact]
    public async Task Twice_the_quota_at_once_creates_exactly_the_quota_and_refuses_the_rest_naming_it()
    {
        var greedy = service.Client("register-quota-greedy");
        var answers = await Task.WhenAll(Enumerable.Range(0, 2 * Limit)
            .Select(i => greedy.Http.PostAsJsonAsync("/api/registers", new { name = $"r{i}" })));

        var ids = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var answer in await QuotaAssert.CreatedOrRefusedAsync(answers, "registers", Limit))
        {
            using (answer)
            {
                ids.Add((await Json.ReadAsync<RegisterDto>(answer)).Id);
            }
        }

        Assert.Equal(Limit, ids.Count);
        var (stored, owned, indexed) = await StoredAsync("register-quota-greedy");
        Assert.Equal(ids, stored);
        Assert.Equal(ids, owned);
        Assert.Subset(indexed, ids);
    }

    [Fact]
    public async Task Another_caller_creates_registers_while_one_is_at_its_quota()
    {
        var full = service.Client("register-quota-full");
        var other = service.Client("register-quota-other");
        for (var i = 0; i < Limit; i++)
        {
            await full.Registers.CreateAsync($"full {i}");
        }

        using (var refused = await full.Http.PostAsJsonAsync("/api/registers", new { name = "one more" }))
        {
            await QuotaAssert.RefusedAsync(refused, "registers", Limit);
        }

        for (var i = 0; i < Limit; i++)
        {
            await other.Registers.CreateAsync($"other {i}");
        }

        Assert.Equal(Limit, (await StoredAsync("register-quota-full")).Stored.Count);
        Assert.Equal(Limit, (await StoredAsync("register-quota-other")).Stored.Count);
    }

    [Fact]
    public async Task Deleting_a_register_frees_its_place_in_the_quota()
    {
        var owner = service.Client("register-quota-delete");
        var ids = new List<string>();
        for (var i = 0; i < Limit; i++)
        {
            ids.Add((await owner.Registers.CreateAsync($"kept {i}")).Id);
        }

        using (var refused = await owner.Http.PostAsJsonAsync("/api/registers", new { name = "one more" }))
        {
            await QuotaAssert.RefusedAsync(refused, "registers", Limit);
        }

        await owner.Registers.ArchiveAsync(ids[0]);
        await owner.Registers.DeleteAsync(ids[0]);
        var replacement = await owner.Registers.CreateAsync("in its place");
        Assert.Equal(new SortedSet<string>([.. ids[1..], replacement.Id], StringComparer.Ordinal),
            (await StoredAsync("register-quota-delete")).Owned);
    }

    /// <summary>
    /// The caller's registers in Redis (every <c>reg:{…}:meta</c>, by its owner), the ids in its quota set, and every
    /// id in the global listing.
    /// </summary>
    private async Task<(SortedSet<string> Stored, SortedSet<string> Owned, HashSet<string> Indexed)> StoredAsync(string caller)
    {
        await using var redis = await ConnectionMultiplexer.ConnectAsync(service.RedisConnectionString);
        var db = redis.GetDatabase();
        var stored = new SortedSet<string>(StringComparer.Ordinal);
        await foreach (var key in redis.GetServers()[0].KeysAsync(pattern: "reg:*:meta"))
        {
            if ((string?)await db.HashGetAsync(key, "owner") == caller)
            {
                stored.Add(((string)key!)[5..37]);
            }
        }

        var owned = (await db.SetMembersAsync(RegisterKeys.Owned(caller))).Select(id => (string)id!);
        var indexed = (await db.SortedSetRangeByRankAsync(RegisterKeys.Index)).Select(id => (string)id!);
        return (stored, new SortedSet<string>(owned, StringComparer.Ordinal), indexed.ToHashSet(StringComparer.Ordinal));
    }
}
