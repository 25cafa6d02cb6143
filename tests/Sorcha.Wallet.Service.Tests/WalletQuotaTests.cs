extern alias wallet;

using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using Sorcha.AppHost;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;
using Sorcha.Testing.InProcess;
using StackExchange.Redis;
using WalletRedisKeys = wallet::Sorcha.Wallet.Service.Storage.WalletRedisKeys;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>The Wallet service with a wallet quota of <see cref="Limit"/> (Limits:Quotas:Wallets), on a Redis of its own.</summary>
public sealed class QuotaWalletService : ServiceHost
{
    public const int Limit = 3;

    protected override void StartServices(IReadOnlyDictionary<string, string> common) =>
        Start<wallet::Program>("wallet", ["/api/wallets"], new Dictionary<string, string>(common)
        {
            ["Wallet:KeyEncryptionKey"] = SorchaApp.GenerateSecret(),
            ["Limits:Quotas:Wallets"] = $"{Limit}",
        });
}

/// <summary>
/// Limits:Quotas:Wallets: however many creations arrive at once, exactly the limit succeed and the store holds exactly
/// those; a refused one leaves nothing; the quota is per caller; deleting a wallet frees its slot.
/// </summary>
public sealed class WalletQuotaTests(QuotaWalletService service) : IClassFixture<QuotaWalletService>
{
    private const int Limit = QuotaWalletService.Limit;

    [Fact]
    public async Task Twice_the_quota_at_once_creates_exactly_the_quota_and_refuses_the_rest_naming_it()
    {
        var greedy = service.Client("wallet-quota-greedy");
        var answers = await Task.WhenAll(Enumerable.Range(0, 2 * Limit)
            .Select(i => greedy.Http.PostAsJsonAsync("/api/wallets", new { name = $"w{i}", algorithm = "ED25519" })));

        var created = await QuotaAssert.CreatedOrRefusedAsync(answers, "wallets", Limit);
        var addresses = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var answer in created)
        {
            using (answer)
            {
                addresses.Add((await Json.ReadAsync<CreatedWalletDto>(answer)).Address);
            }
        }

        Assert.Equal(Limit, addresses.Count);
        var (stored, listed) = await StoredAsync("wallet-quota-greedy");
        Assert.Equal(addresses, stored);
        Assert.Equal(addresses, listed);
        var page = await greedy.Wallets.ListAsync(pageSize: 100);
        Assert.Equal(Limit, page.TotalCount);
    }

    [Fact]
    public async Task Another_caller_creates_wallets_while_one_is_at_its_quota()
    {
        var full = service.Client("wallet-quota-full");
        var other = service.Client("wallet-quota-other");
        for (var i = 0; i < Limit; i++)
        {
            await full.Wallets.CreateAsync($"full {i}");
        }

        using (var refused = await full.Http.PostAsJsonAsync("/api/wallets", new { name = "one more", algorithm = "NISTP256" }))
        {
            await QuotaAssert.RefusedAsync(refused, "wallets", Limit);
        }

        for (var i = 0; i < Limit; i++)
        {
            await other.Wallets.CreateAsync($"other {i}");
        }

        Assert.Equal(Limit, (await StoredAsync("wallet-quota-full")).Stored.Count);
        Assert.Equal(Limit, (await StoredAsync("wallet-quota-other")).Stored.Count);
    }

    [Fact]
    public async Task Deleting_a_wallet_frees_its_slot_for_one_more()
    {
        var caller = service.Client("wallet-quota-delete");
        var first = (await caller.Wallets.CreateAsync("first")).Address;
        for (var i = 1; i < Limit; i++)
        {
            await caller.Wallets.CreateAsync($"w{i}");
        }

        await caller.Wallets.DeleteAsync(first);
        var again = (await caller.Wallets.CreateAsync("again")).Address;

        using (var refused = await caller.Http.PostAsJsonAsync("/api/wallets", new { name = "one more", algorithm = "ED25519" }))
        {
            await QuotaAssert.RefusedAsync(refused, "wallets", Limit);
        }

        var (stored, listed) = await StoredAsync("wallet-quota-delete");
        Assert.DoesNotContain(first, stored);
        Assert.Contains(again, stored);
        Assert.Equal(stored, listed);
        Assert.Equal(Limit, stored.Count);
    }

    /// <summary>The caller's wallet records in Redis (every <c>wallet:{…}</c> key, by its owner) and its index's addresses.</summary>
    private async Task<(SortedSet<string> Stored, SortedSet<string> Listed)> StoredAsync(string caller)
    {
        await using var redis = await ConnectionMultiplexer.ConnectAsync(service.RedisConnectionString);
        var db = redis.GetDatabase();
        var stored = new SortedSet<string>(StringComparer.Ordinal);
        await foreach (var key in redis.GetServers()[0].KeysAsync(pattern: "wallet:*"))
        {
            using var record = JsonDocument.Parse((string)(await db.StringGetAsync(key))!);
            if (record.RootElement.GetProperty("owner").GetString() == caller)
            {
                stored.Add(record.RootElement.GetProperty("address").GetString()!);
            }
        }

        var listed = await db.SortedSetRangeByRankAsync(WalletRedisKeys.Owner(caller));
        return (stored, new SortedSet<string>(listed.Select(a => (string)a!), StringComparer.Ordinal));
    }
}
