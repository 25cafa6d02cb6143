using System.Net;
using System.Net.Http.Json;
using Sorcha.Cryptography;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Wallets;

[Collection(PlatformScope.Name)]
public sealed class WalletLifecycleTests(PlatformFixture platform)
{
    [Theory]
    [InlineData("ED25519", 24)]
    [InlineData("NISTP256", 24)]
    [InlineData("RSA4096", 0)]
    public async Task Create_returns_the_wallet_once_with_its_mnemonic_and_get_returns_it_without(string algorithm, int words)
    {
        using var alice = await platform.ClientAsync("lifecycle-alice");
        var created = await WalletFlows.CreateAsync(alice, algorithm);
        var address = created.Str("address");

        Assert.StartsWith("ws1", address, StringComparison.Ordinal);
        Assert.Equal(algorithm, created.Str("algorithm"));
        var mnemonic = created.TryGetProperty("mnemonic", out var m) && m.ValueKind == System.Text.Json.JsonValueKind.String ? m.GetString()! : "";
        Assert.Equal(words, mnemonic.Split(' ', StringSplitOptions.RemoveEmptyEntries).Length);
        Assert.True(Addresses.Matches(address, Enum.Parse<SignatureAlgorithm>(algorithm), Convert.FromBase64String(created.Str("publicKey"))));

        using var get = await alice.GetAsync($"/api/wallets/{address}");
        var fetched = await Json.ReadAsync(get);
        Assert.Equal(HttpStatusCode.OK, get.StatusCode);
        Assert.Equal(created.Str("publicKey"), fetched.Str("publicKey"));
        Assert.Equal(created.Str("encryptionPublicKey"), fetched.Str("encryptionPublicKey"));
        Assert.False(fetched.TryGetProperty("mnemonic", out _));
    }

    [Theory]
    [InlineData("ED25519")]
    [InlineData("NISTP256")]
    public async Task Recovering_a_mnemonic_gives_the_same_keys_and_address(string algorithm)
    {
        using var alice = await platform.ClientAsync("recover-alice");
        var first = await WalletFlows.CreateAsync(alice, algorithm);
        var mnemonic = first.Str("mnemonic");
        using (var deleted = await alice.DeleteAsync($"/api/wallets/{first.Str("address")}"))
        {
            Assert.Equal(HttpStatusCode.NoContent, deleted.StatusCode);
        }

        var recovered = await WalletFlows.CreateAsync(alice, algorithm, mnemonic);
        Assert.Equal(first.Str("address"), recovered.Str("address"));
        Assert.Equal(first.Str("publicKey"), recovered.Str("publicKey"));
        Assert.Equal(first.Str("encryptionPublicKey"), recovered.Str("encryptionPublicKey"));

        // The same mnemonic again is the same address: a conflict, not a second wallet.
        using var again = await alice.PostAsJsonAsync("/api/wallets", new { name = "again", algorithm, mnemonic });
        await ProblemAssert.IsProblemAsync(again, HttpStatusCode.Conflict);
    }

    [Fact]
    public async Task List_pages_the_callers_wallets_in_creation_order()
    {
        using var owner = await platform.ClientAsync("pager-" + Guid.NewGuid().ToString("N"));
        var addresses = new List<string>();
        for (var i = 0; i < 3; i++)
        {
            addresses.Add((await WalletFlows.CreateAsync(owner, "ED25519")).Str("address"));
        }

        using var page1 = await owner.GetAsync("/api/wallets?page=1&pageSize=2");
        using var page2 = await owner.GetAsync("/api/wallets?page=2&pageSize=2");
        var one = await Json.ReadAsync(page1);
        var two = await Json.ReadAsync(page2);

        Assert.Equal(3, one.GetProperty("totalCount").GetInt32());
        Assert.Equal(2, one.GetProperty("pageSize").GetInt32());
        var listed = one.GetProperty("items").EnumerateArray().Concat(two.GetProperty("items").EnumerateArray())
            .Select(w => w.Str("address")).ToList();
        Assert.Equal(addresses, listed);
    }
}
