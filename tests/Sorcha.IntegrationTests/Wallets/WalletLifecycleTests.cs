using System.Net;
using System.Net.Http.Json;
using Sorcha.Contracts;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Wallets;

[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class WalletLifecycleTests(PlatformFixture platform)
{
    [Theory]
    [InlineData(SignatureAlgorithm.ED25519, 24)]
    [InlineData(SignatureAlgorithm.NISTP256, 24)]
    [InlineData(SignatureAlgorithm.RSA4096, 0)]
    public async Task Create_returns_the_wallet_once_with_its_mnemonic_and_get_returns_it_without(SignatureAlgorithm algorithm, int words)
    {
        using var alice = await platform.ClientAsync("lifecycle-alice");
        var created = await WalletFlows.CreateAsync(alice, algorithm);
        var address = created.Address;

        Assert.StartsWith("ws1", address, StringComparison.Ordinal);
        Assert.Equal(algorithm, created.Algorithm);
        Assert.Equal(words, (created.Mnemonic ?? "").Split(' ', StringSplitOptions.RemoveEmptyEntries).Length);
        Assert.True(Addresses.Matches(address, algorithm, created.PublicKey));

        var fetched = await Json.GetAsync<WalletDto>(alice, $"/api/wallets/{address}");
        Assert.Equal(created.PublicKey, fetched.PublicKey);
        Assert.Equal(created.EncryptionPublicKey, fetched.EncryptionPublicKey);
        // Raw: the mnemonic is shown once, so a read leaves the member out altogether.
        var raw = await Json.GetAsync<JsonElement>(alice, $"/api/wallets/{address}");
        Assert.False(raw.TryGetProperty("mnemonic", out _));
    }

    [Theory]
    [InlineData(SignatureAlgorithm.ED25519)]
    [InlineData(SignatureAlgorithm.NISTP256)]
    public async Task Recovering_a_mnemonic_gives_the_same_keys_and_address(SignatureAlgorithm algorithm)
    {
        using var alice = await platform.ClientAsync("recover-alice");
        var first = await WalletFlows.CreateAsync(alice, algorithm);
        var mnemonic = first.Mnemonic;
        Assert.NotNull(mnemonic);
        using (var deleted = await alice.DeleteAsync($"/api/wallets/{first.Address}"))
        {
            Assert.Equal(HttpStatusCode.NoContent, deleted.StatusCode);
        }

        var recovered = await WalletFlows.CreateAsync(alice, algorithm, mnemonic);
        Assert.Equal(first.Address, recovered.Address);
        Assert.Equal(first.PublicKey, recovered.PublicKey);
        Assert.Equal(first.EncryptionPublicKey, recovered.EncryptionPublicKey);

        // The same mnemonic again is the same address: a conflict, not a second wallet.
        using var again = await alice.PostAsJsonAsync("/api/wallets", new { name = "again", algorithm = algorithm.ToString(), mnemonic });
        await ProblemAssert.IsProblemAsync(again, HttpStatusCode.Conflict);
    }

    [Fact]
    public async Task List_pages_the_callers_wallets_in_creation_order()
    {
        using var owner = await platform.ClientAsync("pager-" + Guid.NewGuid().ToString("N"));
        var addresses = new List<string>();
        for (var i = 0; i < 3; i++)
        {
            addresses.Add((await WalletFlows.CreateAsync(owner, SignatureAlgorithm.ED25519)).Address);
        }

        var one = await Json.GetAsync<Paged<WalletDto>>(owner, "/api/wallets?page=1&pageSize=2");
        var two = await Json.GetAsync<Paged<WalletDto>>(owner, "/api/wallets?page=2&pageSize=2");

        Assert.Equal(3, one.TotalCount);
        Assert.Equal(2, one.PageSize);
        Assert.Equal(addresses, one.Items.Concat(two.Items).Select(w => w.Address));
    }
}
