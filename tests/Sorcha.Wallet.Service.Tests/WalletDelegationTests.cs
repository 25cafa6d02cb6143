extern alias wallet;

using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using StackExchange.Redis;
using AccessKeys = wallet::Sorcha.Wallet.Service.Access.AccessKeys;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>
/// Delegation (docs/wallets.md, "Wallet access"): an owner grants read or sign, lists and revokes; a delegate may do what
/// its grant covers, checked at each use, and once its grant is revoked or expired it is answered exactly as a stranger.
/// One class: the tests share a clock they move forward.
/// </summary>
public sealed class WalletDelegationTests(DelegationWalletService service) : IClassFixture<DelegationWalletService>
{
    [Fact]
    public async Task An_owner_grants_replaces_lists_and_revokes()
    {
        var (owner, address) = await WalletAsync("grant-owner");
        using (var added = await owner.Http.PutAsJsonAsync($"/api/wallets/{address}/access/grant-bob", new { rights = "read" }))
        {
            Assert.Equal(HttpStatusCode.Created, added.StatusCode);
            Assert.Equal($"/api/wallets/{address}/access/grant-bob", added.Headers.Location?.OriginalString);
            var text = await added.Content.ReadAsStringAsync();
            var grant = Json.Parse<AccessGrantDto>(text);
            Assert.Equal("grant-bob", grant.Subject);
            Assert.Equal("read", grant.Rights);
            // Raw: a grant without an expiry leaves the member out of the wire, rather than writing it null.
            using var raw = JsonDocument.Parse(text);
            Assert.False(raw.RootElement.TryGetProperty("expiresAt", out _));
        }

        var until = service.Clock.GetUtcNow().AddDays(30);
        using (var replaced = await owner.Http.PutAsJsonAsync($"/api/wallets/{address}/access/grant-bob", new { rights = "sign", expiresAt = until }))
        {
            Assert.Equal(HttpStatusCode.OK, replaced.StatusCode);
        }

        await owner.Wallets.GrantAccessAsync(address, "grant-alice@example.org", WalletRightNames.Read);
        var grants = await owner.Wallets.ListAccessAsync(address);
        Assert.Equal("grant-alice@example.org,grant-bob", string.Join(",", grants.Select(g => g.Subject)));
        Assert.Equal(WalletRightNames.Sign, grants[1].Rights);
        Assert.Equal(until.ToUnixTimeMilliseconds(), grants[1].ExpiresAt?.ToUnixTimeMilliseconds());

        await owner.Wallets.RevokeAccessAsync(address, "grant-bob");
        var again = await Assert.ThrowsAsync<SorchaApiException>(() => owner.Wallets.RevokeAccessAsync(address, "grant-bob"));
        Assert.Equal(404, again.Status);
        Assert.Equal("grant-alice@example.org", Assert.Single(await owner.Wallets.ListAccessAsync(address)).Subject);
    }

    [Fact]
    public async Task Read_shows_the_wallet_only_and_sign_acts_with_it_but_neither_manages_it()
    {
        var (owner, address) = await WalletAsync("rights-owner");
        var reader = service.Client("rights-reader");
        var signer = service.Client("rights-signer");
        var senders = service.Client("rights-sender");
        var sendersWallet = (await senders.Wallets.CreateAsync("sender's")).Address;
        var envelope = await senders.Wallets.EncryptAsync(sendersWallet, address, "for the wallet"u8.ToArray());
        await owner.Wallets.GrantAccessAsync(address, "rights-reader", WalletRightNames.Read);
        await owner.Wallets.GrantAccessAsync(address, "rights-signer", WalletRightNames.Sign);

        Assert.Equal(address, (await reader.Wallets.GetAsync(address)).Address);
        await NotFoundAsync(() => reader.Wallets.SignAsync(address, [1]));
        await NotFoundAsync(() => reader.Wallets.EncryptAsync(address, sendersWallet, [1]));
        await NotFoundAsync(() => reader.Wallets.DecryptAsync(address, envelope));
        await NotFoundAsync(() => reader.Wallets.PrepareTransactionAsync(address, Prepare));

        var wallet = await signer.Wallets.GetAsync(address);
        var signature = await signer.Wallets.SignAsync(address, [1, 2, 3]);
        Assert.True(Signatures.Verify(wallet.Algorithm, wallet.PublicKey, [1, 2, 3], signature.Signature));
        await signer.Wallets.EncryptAsync(address, sendersWallet, [1]);
        Assert.Equal("for the wallet"u8.ToArray(), await signer.Wallets.DecryptAsync(address, envelope));
        var prepared = await signer.Wallets.PrepareTransactionAsync(address, Prepare);
        Assert.Equal(address, prepared.Transaction.Sender);

        foreach (var (delegateName, client) in new[] { ("rights-reader", reader), ("rights-signer", signer) })
        {
            await NotFoundAsync(() => client.Wallets.ListAccessAsync(address));
            await NotFoundAsync(() => client.Wallets.GrantAccessAsync(address, "rights-third", WalletRightNames.Sign));
            await NotFoundAsync(() => client.Wallets.RevokeAccessAsync(address, delegateName));
            await NotFoundAsync(() => client.Wallets.DeleteAsync(address));
            Assert.DoesNotContain((await client.Wallets.ListAsync(pageSize: 100)).Items, w => w.Address == address);
        }

        // Each sees the wallet among those delegated to it, with its rights; nothing above changed the owner's grants.
        Assert.Equal(WalletRightNames.Read, Assert.Single((await reader.Wallets.ListDelegatedAsync()).Items).Rights);
        Assert.Equal(WalletRightNames.Sign, Assert.Single((await signer.Wallets.ListDelegatedAsync()).Items).Rights);
        Assert.Equal(2, (await owner.Wallets.ListAccessAsync(address)).Count);
    }

    [Fact]
    public async Task A_stranger_an_expired_and_a_revoked_delegate_get_the_same_answers()
    {
        var (owner, address) = await WalletAsync("same-owner");
        var envelope = await owner.Wallets.EncryptAsync(address, address, [7]);
        await owner.Wallets.GrantAccessAsync(address, "same-expired", WalletRightNames.Sign, service.Clock.GetUtcNow().AddMinutes(1));
        await owner.Wallets.GrantAccessAsync(address, "same-revoked", WalletRightNames.Sign);
        var expired = service.Client("same-expired");
        var revoked = service.Client("same-revoked");
        Assert.Equal(address, (await expired.Wallets.GetAsync(address)).Address); // both could act before
        await revoked.Wallets.SignAsync(address, [1]);

        await owner.Wallets.RevokeAccessAsync(address, "same-revoked");
        service.Clock.Advance(TimeSpan.FromMinutes(2));

        var envelopeJson = JsonSerializer.Serialize(envelope, Json.Options);
        var prepareJson = JsonSerializer.Serialize(Prepare, Json.Options);
        var routes = new (HttpMethod Method, string Path, string? Body)[]
        {
            (HttpMethod.Get, $"/api/wallets/{address}", null),
            (HttpMethod.Post, $"/api/wallets/{address}/sign", """{"data":"AQID"}"""),
            (HttpMethod.Post, $"/api/wallets/{address}/encrypt", $$"""{"recipient":"{{address}}","data":"AQID"}"""),
            (HttpMethod.Post, $"/api/wallets/{address}/decrypt", envelopeJson),
            (HttpMethod.Post, $"/api/wallets/{address}/transactions", prepareJson),
            (HttpMethod.Get, $"/api/wallets/{address}/access", null),
            (HttpMethod.Put, $"/api/wallets/{address}/access/same-third", """{"rights":"read"}"""),
            (HttpMethod.Delete, $"/api/wallets/{address}/access/same-expired", null),
            (HttpMethod.Delete, $"/api/wallets/{address}", null),
        };
        foreach (var (method, path, body) in routes)
        {
            var stranger = await AnswerAsync(service.Client("same-stranger"), method, path, body);
            Assert.Equal(HttpStatusCode.NotFound, stranger.Status);
            Assert.Equal(stranger, await AnswerAsync(expired, method, path, body));
            Assert.Equal(stranger, await AnswerAsync(revoked, method, path, body));
        }

        Assert.Empty((await expired.Wallets.ListDelegatedAsync()).Items);
        Assert.Empty((await revoked.Wallets.ListDelegatedAsync()).Items);
        Assert.Equal(0, (await expired.Wallets.ListDelegatedAsync()).TotalCount);
        Assert.Empty(await owner.Wallets.ListAccessAsync(address)); // the expired grant is not listed either
    }

    [Fact]
    public async Task A_revocation_is_refused_at_the_very_next_use()
    {
        var (owner, address) = await WalletAsync("next-owner");
        await owner.Wallets.GrantAccessAsync(address, "next-delegate", WalletRightNames.Sign);
        var delegated = service.Client("next-delegate");
        await delegated.Wallets.SignAsync(address, [1]); // the record is leased now; the grant never is
        await owner.Wallets.RevokeAccessAsync(address, "next-delegate");
        await NotFoundAsync(() => delegated.Wallets.SignAsync(address, [1]));
    }

    [Fact]
    public async Task Each_use_by_a_delegate_is_logged_with_both_subjects_and_the_owners_are_not()
    {
        var (owner, address) = await WalletAsync("logged-owner");
        await owner.Wallets.GrantAccessAsync(address, "logged-delegate", WalletRightNames.Sign);
        await service.Client("logged-delegate").Wallets.SignAsync(address, [1]);
        await owner.Wallets.SignAsync(address, [2]);

        var uses = service.Logs.Where(l => l.EventId.Id == 4201 && l.Message.Contains(address, StringComparison.Ordinal)).ToList();
        var use = Assert.Single(uses);
        Assert.Equal(Microsoft.Extensions.Logging.LogLevel.Information, use.Level);
        // Serilog renders the values quoted: "Delegate \"logged-delegate\" used wallet \"ws1…\" of \"logged-owner\" to \"sign\"".
        Assert.Equal($"Delegate logged-delegate used wallet {address} of logged-owner to sign", use.Message.Replace("\"", "", StringComparison.Ordinal));
    }

    [Fact]
    public async Task The_grant_quota_counts_live_grants_of_one_wallet()
    {
        var limit = DelegationWalletService.GrantLimit;
        var (owner, address) = await WalletAsync("quota-owner");
        await owner.Wallets.GrantAccessAsync(address, "quota-expiring", WalletRightNames.Read, service.Clock.GetUtcNow().AddMinutes(1));
        for (var i = 1; i < limit; i++)
        {
            await owner.Wallets.GrantAccessAsync(address, $"quota-{i}", WalletRightNames.Read);
        }

        using (var refused = await owner.Http.PutAsJsonAsync($"/api/wallets/{address}/access/quota-more", new { rights = "read" }))
        {
            await QuotaAssert.RefusedAsync(refused, "walletGrants", limit);
        }

        await owner.Wallets.GrantAccessAsync(address, "quota-1", WalletRightNames.Sign); // replacing one needs no room
        var (_, other) = await WalletAsync("quota-owner");
        await owner.Wallets.GrantAccessAsync(other, "quota-more", WalletRightNames.Read); // the quota is per wallet

        service.Clock.Advance(TimeSpan.FromMinutes(2)); // the expiring grant frees its slot
        await owner.Wallets.GrantAccessAsync(address, "quota-more", WalletRightNames.Read);
        await owner.Wallets.RevokeAccessAsync(address, "quota-1"); // so does a revocation
        await owner.Wallets.GrantAccessAsync(address, "quota-last", WalletRightNames.Read);
        Assert.Equal(limit, (await owner.Wallets.ListAccessAsync(address)).Count);
    }

    [Fact]
    public async Task Deleting_a_wallet_removes_its_grants_and_a_recovery_at_the_same_address_grants_nothing()
    {
        var owner = service.Client("deleted-owner");
        var created = await owner.Wallets.CreateAsync("to delete");
        var address = created.Address;
        await owner.Wallets.GrantAccessAsync(address, "deleted-delegate", WalletRightNames.Sign, service.Clock.GetUtcNow().AddDays(1));
        await owner.Wallets.DeleteAsync(address);

        await using var redis = await ConnectionMultiplexer.ConnectAsync(service.RedisConnectionString);
        var db = redis.GetDatabase();
        Assert.False(await db.KeyExistsAsync(AccessKeys.Grants(address)));
        Assert.False(await db.KeyExistsAsync(AccessKeys.Expiries(address)));
        Assert.Null(await db.SortedSetRankAsync(AccessKeys.Delegated("deleted-delegate"), address));

        await owner.Wallets.RecoverAsync("again", created.Algorithm, created.Mnemonic!);
        var delegated = service.Client("deleted-delegate");
        await NotFoundAsync(() => delegated.Wallets.GetAsync(address));
        await NotFoundAsync(() => delegated.Wallets.SignAsync(address, [1]));
        Assert.Empty((await delegated.Wallets.ListDelegatedAsync()).Items);
    }

    [Fact]
    public async Task Bad_grants_are_400_naming_the_field_and_grant_nothing()
    {
        var (owner, address) = await WalletAsync("bad-owner");
        var now = service.Clock.GetUtcNow();
        var cases = new (string Subject, object Body, string Field)[]
        {
            ("bad-owner", new { rights = "sign" }, "subject"), // the owner to itself
            ("%20", new { rights = "sign" }, "subject"),
            ("a%0Ab", new { rights = "sign" }, "subject"),
            (new string('s', 257), new { rights = "sign" }, "subject"),
            ("bad-bob", new { rights = "write" }, "rights"),
            ("bad-bob", new { rights = "Sign" }, "rights"),
            ("bad-bob", new { }, "rights"),
            ("bad-bob", new { rights = "read", expiresAt = now.AddMinutes(-1) }, "expiresAt"),
            ("bad-bob", new { rights = "read", expiresAt = now.AddDays(367) }, "expiresAt"),
            ("bad-bob", new { rights = "read", expiresAt = "2030-01-01T00:00:00" }, "expiresAt"),
            ("bad-bob", new { rights = "read", expiresAt = "tomorrow" }, "expiresAt"),
        };
        foreach (var (subject, body, field) in cases)
        {
            using var response = await owner.Http.PutAsJsonAsync($"/api/wallets/{address}/access/{subject}", body);
            var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.BadRequest);
            Assert.Contains(field, ProblemAssert.ErrorKeys(problem));
        }

        Assert.Empty(await owner.Wallets.ListAccessAsync(address));
    }

    [Fact]
    public async Task Delegated_wallets_are_listed_never_expiring_first_then_by_expiry_and_paged()
    {
        var delegateName = "listed-delegate";
        var now = service.Clock.GetUtcNow();
        var (owner, late) = await WalletAsync("listed-owner");
        var (_, soon) = await WalletAsync("listed-owner");
        var (_, never) = await WalletAsync("listed-owner");
        await owner.Wallets.GrantAccessAsync(late, delegateName, WalletRightNames.Sign, now.AddDays(2));
        await owner.Wallets.GrantAccessAsync(soon, delegateName, WalletRightNames.Read, now.AddDays(1));
        await owner.Wallets.GrantAccessAsync(never, delegateName, WalletRightNames.Sign);

        var delegated = service.Client(delegateName).Wallets;
        var all = await delegated.ListDelegatedAsync();
        Assert.Equal(new[] { never, soon, late }, all.Items.Select(w => w.Address));
        Assert.Equal(3, all.TotalCount);
        var second = await delegated.ListDelegatedAsync(page: 2, pageSize: 2);
        Assert.Equal(new[] { late }, second.Items.Select(w => w.Address));
        Assert.Null(all.Items[0].ExpiresAt);
    }

    private static readonly PrepareTransactionRequest Prepare = new("delegation-register", null, []);

    private async Task<(SorchaClient Owner, string Address)> WalletAsync(string owner)
    {
        var client = service.Client(owner);
        return (client, (await client.Wallets.CreateAsync("delegated")).Address);
    }

    private static async Task<(HttpStatusCode Status, string? Title, string? Detail)> AnswerAsync(
        SorchaClient client, HttpMethod method, string path, string? body)
    {
        using var request = new HttpRequestMessage(method, path) { Content = body is null ? null : new StringContent(body, System.Text.Encoding.UTF8, "application/json") };
        using var response = await client.Http.SendAsync(request);
        var problem = await Json.ReadAsync<ProblemDocument>(response);
        return (response.StatusCode, problem.Title, problem.Detail);
    }

    private static async Task NotFoundAsync(Func<Task> call)
    {
        var refused = await Assert.ThrowsAsync<SorchaApiException>(call);
        Assert.Equal(404, refused.Status);
    }
}
