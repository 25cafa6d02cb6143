extern alias wallet;

using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using StackExchange.Redis;
using WalletRedisKeys = wallet::Sorcha.Wallet.Service.Storage.WalletRedisKeys;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>
/// wordCount and passphrase at creation and recovery; derived addresses: their keys (account n of the seed), their use
/// as wallets, their quota, their deletion with the wallet, and their recovery from the mnemonic.
/// </summary>
public sealed class WalletDerivationTests(WalletReplicas service) : IClassFixture<WalletReplicas>
{
    private static readonly string Abandon23Art = string.Join(' ', Enumerable.Repeat("abandon", 23)) + " art";

    [Theory]
    [InlineData(12)]
    [InlineData(15)]
    [InlineData(18)]
    [InlineData(21)]
    [InlineData(24)]
    public async Task Word_count_sizes_the_mnemonic_shown_once(int words)
    {
        var created = await Json.PostAsync<CreatedWalletDto>(service.Client($"words-{words}").Http, "/api/wallets",
            new { name = "w", algorithm = "NISTP256", wordCount = words }, HttpStatusCode.Created);
        var mnemonic = created.Mnemonic!;
        Assert.Equal(words, mnemonic.Split(' ').Length);
        Assert.Equal(WalletKeyDerivation.FromMnemonic(SignatureAlgorithm.NISTP256, mnemonic).Address, created.Address);
    }

    [Theory]
    [InlineData("""{"name":"w","algorithm":"ED25519","wordCount":13}""", "wordCount")]
    [InlineData("""{"name":"w","algorithm":"ED25519","wordCount":0}""", "wordCount")]
    [InlineData("""{"name":"w","algorithm":"ED25519","wordCount":24.5}""", null)]
    [InlineData("""{"name":"w","algorithm":"ED25519","mnemonic":"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about","wordCount":24}""", "wordCount")]
    [InlineData("""{"name":"w","algorithm":"RSA4096","wordCount":24}""", "wordCount")]
    [InlineData("""{"name":"w","algorithm":"RSA4096","passphrase":"x"}""", "passphrase")]
    [InlineData("""{"name":"w","algorithm":"ED25519","passphrase":"\ud800x"}""", null)] // a lone surrogate: refused (by the reader or by name)
    public async Task Bad_word_count_or_passphrase_is_400(string body, string? field)
    {
        var caller = service.Client($"words-bad-{Guid.NewGuid():N}");
        var http = caller.Http;
        using var response = await http.PostAsync("/api/wallets", new StringContent(body, System.Text.Encoding.UTF8, "application/json"));
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        if (field is not null)
        {
            Assert.True((await Json.ReadAsync<ProblemDocument>(response)).Errors?.ContainsKey(field) == true, body);
        }

        Assert.Equal(0, (await caller.Wallets.ListAsync()).TotalCount);
    }

    [Fact]
    public async Task Passphrase_over_256_characters_is_400()
    {
        using var response = await service.Client("passphrase-long").Http.PostAsJsonAsync("/api/wallets",
            new { name = "w", algorithm = "ED25519", passphrase = new string('p', 257) });
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.True((await Json.ReadAsync<ProblemDocument>(response)).Errors?.ContainsKey("passphrase") == true);
    }

    [Fact]
    public async Task Passphrase_gives_the_bip39_seed_of_mnemonic_and_passphrase_and_is_never_shown()
    {
        var http = service.Client("passphrase").Http;
        // NFD spelling sent; the seed is of its NFKD form, which the NFC spelling shares.
        var recovered = await Json.PostAsync(http, "/api/wallets",
            new { name = "p", algorithm = "ED25519", mnemonic = Abandon23Art, passphrase = "cafe\u0301" }, HttpStatusCode.Created);
        var expected = WalletKeyDerivation.FromSeed(SignatureAlgorithm.ED25519, Mnemonics.ToSeed(Abandon23Art, "caf\u00e9"), 0);
        Assert.Equal(expected.Address, recovered.Deserialize<CreatedWalletDto>(Json.Options)!.Address);
        Assert.NotEqual(WalletKeyDerivation.FromMnemonic(SignatureAlgorithm.ED25519, Abandon23Art).Address, expected.Address);
        // The wire itself: no spelling of the passphrase anywhere in the answer's text, whichever member would carry it.
        Assert.DoesNotContain("caf", recovered.GetRawText(), StringComparison.Ordinal);

        using var again = await http.PostAsJsonAsync("/api/wallets",
            new { name = "p", algorithm = "ED25519", mnemonic = Abandon23Art, passphrase = "caf\u00e9" });
        Assert.Equal(HttpStatusCode.Conflict, again.StatusCode); // the same wallet: the NFC spelling is the same passphrase
    }

    [Theory]
    [InlineData(SignatureAlgorithm.ED25519)]
    [InlineData(SignatureAlgorithm.NISTP256)]
    public async Task Recovery_then_deriving_finds_the_same_addresses_in_order(SignatureAlgorithm algorithm)
    {
        var caller = service.Client($"derive-recover-{algorithm}");
        var created = await Json.PostAsync<CreatedWalletDto>(caller.Http, "/api/wallets",
            new { name = "root", algorithm = algorithm.ToString(), wordCount = 15, passphrase = "p" }, HttpStatusCode.Created);
        var root = created.Address;
        var mnemonic = created.Mnemonic!;
        var first = await DeriveAsync(caller.Http, root);
        var second = await DeriveAsync(service.Second($"derive-recover-{algorithm}"), root); // the other replica continues the count
        Assert.Equal([1, 2], new[] { first.Account!.Value, second.Account!.Value });

        // Each is account n of the seed (BIP-39 seed of mnemonic and passphrase), at m/44'/6142'/n'/0'/0' and /1'.
        var seed = Mnemonics.ToSeed(mnemonic, "p");
        foreach (var (derived, n) in new[] { (first, 1), (second, 2) })
        {
            var keys = WalletKeyDerivation.FromSeed(algorithm, seed, n);
            Assert.Equal(keys.Address, derived.Address);
            Assert.Equal(keys.Signing.PublicKey, derived.PublicKey);
            Assert.Equal(keys.Encryption.PublicKey, derived.EncryptionPublicKey);
            Assert.Equal(root, derived.Parent);
        }

        await caller.Wallets.DeleteAsync(root);
        foreach (var gone in new[] { root, first.Address, second.Address })
        {
            using var read = await caller.Http.GetAsync($"/api/wallets/{gone}");
            Assert.Equal(HttpStatusCode.NotFound, read.StatusCode);
        }

        Assert.Equal(0, (await caller.Wallets.ListAsync()).TotalCount);
        await Json.PostAsync(caller.Http, "/api/wallets",
            new { name = "root", algorithm = algorithm.ToString(), mnemonic, passphrase = "p" }, HttpStatusCode.Created);
        Assert.Equal(first.Address, (await DeriveAsync(caller.Http, root)).Address);
        Assert.Equal(second.Address, (await DeriveAsync(caller.Http, root)).Address);
    }

    [Fact]
    public async Task A_derived_address_is_a_wallet_to_every_route_of_its_owner_only()
    {
        var caller = service.Client("derive-use");
        var root = (await caller.Wallets.CreateAsync("root")).Address;
        var derived = (await DeriveAsync(caller.Http, root)).Address;

        var read = await caller.Wallets.GetAsync(derived);
        var signed = await caller.Wallets.SignAsync(derived, [1, 2, 3]);
        Assert.Equal(read.PublicKey, signed.PublicKey);
        Assert.True(Signatures.Verify(SignatureAlgorithm.ED25519, read.PublicKey, [1, 2, 3], signed.Signature));
        var envelope = await caller.Wallets.EncryptAsync(root, derived, [9, 9]);
        Assert.Equal([9, 9], await caller.Wallets.DecryptAsync(derived, envelope));
        var back = await caller.Wallets.EncryptAsync(derived, root, [7]);
        Assert.Equal([7], await caller.Wallets.DecryptAsync(root, back));
        var prepared = await caller.Wallets.PrepareTransactionAsync(derived,
            new PrepareTransactionRequest(new string('a', 32), null, [new RecipientData(root, Convert.ToBase64String(new byte[] { 5 }))]));
        Assert.Equal(derived, prepared.Transaction.Sender);
        Assert.Equal("renamed", (await PatchNameAsync(caller.Http, derived, "renamed")).Name);

        var listed = await Json.GetAsync<Paged<WalletDto>>(caller.Http, "/api/wallets?pageSize=100");
        Assert.Equal(2, listed.TotalCount);
        var addresses = await Json.GetAsync<Paged<WalletDto>>(caller.Http, $"/api/wallets/{root}/addresses");
        Assert.Equal([derived], addresses.Items.Select(a => a.Address));

        var stranger = service.Client("derive-stranger").Http;
        foreach (var (method, path) in new[] { (HttpMethod.Get, $"/api/wallets/{derived}"), (HttpMethod.Post, $"/api/wallets/{root}/addresses"),
            (HttpMethod.Get, $"/api/wallets/{root}/addresses"), (HttpMethod.Delete, $"/api/wallets/{derived}") })
        {
            using var response = await stranger.SendAsync(new HttpRequestMessage(method, path));
            Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        }

        using var signForeign = await stranger.PostAsJsonAsync($"/api/wallets/{derived}/sign", new { data = "AAAA" });
        Assert.Equal(HttpStatusCode.NotFound, signForeign.StatusCode);
    }

    [Fact]
    public async Task What_cannot_derive_is_409_with_the_reason()
    {
        var caller = service.Client("derive-refused");
        var root = (await caller.Wallets.CreateAsync("root")).Address;
        var derived = (await DeriveAsync(caller.Http, root)).Address;
        await RefusedAsync(caller.Http.PostAsync($"/api/wallets/{derived}/addresses", null), "derived address");
        await RefusedAsync(caller.Http.DeleteAsync($"/api/wallets/{derived}"), "deleted with that wallet");
        var rsa = (await caller.Wallets.CreateAsync("rsa", SignatureAlgorithm.RSA4096)).Address;
        await RefusedAsync(caller.Http.PostAsync($"/api/wallets/{rsa}/addresses", null), "RSA4096");

        // A wallet stored before derived addresses existed keeps no seed.
        var old = (await caller.Wallets.CreateAsync("old")).Address;
        await using (var redis = await ConnectionMultiplexer.ConnectAsync(service.RedisConnectionString))
        {
            var key = WalletRedisKeys.Wallet(old);
            var record = System.Text.Json.Nodes.JsonNode.Parse((string)(await redis.GetDatabase().StringGetAsync(key))!)!.AsObject();
            Assert.True(record.Remove("sealedSeed"));
            await redis.GetDatabase().StringSetAsync(key, record.ToJsonString());
        }

        await Task.Delay(TimeSpan.FromSeconds(1)); // the record lease (250 ms) of its creation ends
        await RefusedAsync(caller.Http.PostAsync($"/api/wallets/{old}/addresses", null), "keeps no seed");
        Assert.Equal(1, (await Json.GetAsync<Paged<WalletDto>>(caller.Http, $"/api/wallets/{root}/addresses")).TotalCount);
    }

    [Fact]
    public async Task Concurrent_derivations_on_two_replicas_stop_at_the_quota_each_account_once()
    {
        var caller = service.Client("derive-quota");
        var root = (await caller.Wallets.CreateAsync("root")).Address;
        var second = service.Second("derive-quota");
        var answers = await Task.WhenAll(Enumerable.Range(0, 2 * WalletReplicas.DerivedLimit)
            .Select(i => (i % 2 == 0 ? caller.Http : second).PostAsync($"/api/wallets/{root}/addresses", null)));
        var created = await QuotaAssert.CreatedOrRefusedAsync(answers, "derivedAddresses", WalletReplicas.DerivedLimit);
        var accounts = new List<int>();
        foreach (var answer in created)
        {
            using (answer)
            {
                accounts.Add((await Json.ReadAsync<WalletDto>(answer)).Account!.Value);
            }
        }

        Assert.Equal(Enumerable.Range(1, WalletReplicas.DerivedLimit), accounts.Order());
        var listed = await Json.GetAsync<Paged<WalletDto>>(caller.Http, $"/api/wallets/{root}/addresses?pageSize=100");
        Assert.Equal(Enumerable.Range(1, WalletReplicas.DerivedLimit), listed.Items.Select(a => a.Account!.Value));
        Assert.Equal(1 + WalletReplicas.DerivedLimit, (await caller.Wallets.ListAsync(pageSize: 100)).TotalCount);
    }

    private static Task<WalletDto> DeriveAsync(HttpClient http, string wallet) =>
        Json.PostAsync<WalletDto>(http, $"/api/wallets/{wallet}/addresses", null, HttpStatusCode.Created);

    private static Task<WalletDto> PatchNameAsync(HttpClient http, string address, string name) =>
        Json.SendAsync<WalletDto>(http, HttpMethod.Patch, $"/api/wallets/{address}", new { name }, HttpStatusCode.OK);

    private static async Task RefusedAsync(Task<HttpResponseMessage> send, string detail)
    {
        using var response = await send;
        var problem = await Json.ReadAsync<ProblemDocument>(response);
        Assert.Equal(HttpStatusCode.Conflict, response.StatusCode);
        Assert.Contains(detail, problem.Detail, StringComparison.Ordinal);
    }
}
