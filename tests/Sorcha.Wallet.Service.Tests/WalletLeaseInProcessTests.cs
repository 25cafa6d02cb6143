using System.Diagnostics;
using System.Net;
using System.Net.Http.Json;
using StackExchange.Redis;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>
/// The Wallet service serves records from short leases (Storage/RecordLeases.cs, 250 ms by default): a deletion answers
/// only once no lease can still serve the wallet, and a record removed behind the service's back stops being served
/// within the lease.
/// </summary>
[Collection(WalletScope.Name)]
public sealed class WalletLeaseInProcessTests(WalletService service)
{
    [Fact]
    public async Task A_deletion_answers_after_the_lease_and_the_wallet_is_gone_at_once()
    {
        var client = service.Client("lease-owner");
        var address = (await client.Wallets.CreateAsync("leased")).Address;
        await client.Wallets.SignAsync(address, [1]); // read, so a lease is running

        var deleting = Stopwatch.StartNew();
        await client.Wallets.DeleteAsync(address);
        Assert.True(deleting.Elapsed >= TimeSpan.FromMilliseconds(250), $"answered after {deleting.Elapsed.TotalMilliseconds:F0} ms");

        using var read = await client.Http.GetAsync($"/api/wallets/{address}");
        Assert.Equal(HttpStatusCode.NotFound, read.StatusCode);
        using var sign = await client.Http.PostAsJsonAsync($"/api/wallets/{address}/sign", new { data = "AQ==" });
        Assert.Equal(HttpStatusCode.NotFound, sign.StatusCode);
    }

    [Fact]
    public async Task A_record_removed_behind_the_services_back_is_not_served_past_its_lease()
    {
        var client = service.Client("lease-owner");
        var address = (await client.Wallets.CreateAsync("removed")).Address;
        await client.Wallets.GetAsync(address);
        await using var redis = await ConnectionMultiplexer.ConnectAsync(service.RedisConnectionString);
        await redis.GetDatabase().KeyDeleteAsync($"wallet:{{{address}}}");
        var removed = Stopwatch.StartNew();

        while (true)
        {
            using var read = await client.Http.GetAsync($"/api/wallets/{address}");
            if (read.StatusCode == HttpStatusCode.NotFound)
            {
                break;
            }

            Assert.Equal(HttpStatusCode.OK, read.StatusCode);
            // The lease ends 250 ms after its read began; a slow machine may add to when the 404 is seen, never the lease.
            Assert.True(removed.Elapsed < TimeSpan.FromSeconds(5), "still served 5 s after it was removed");
            await Task.Delay(20);
        }
    }
}
