using System.Net;
using System.Net.Http.Json;
using System.Text;
using Sorcha.Client;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>
/// Every client mistake is a 4xx problem document naming the field, and changes nothing. The bodies are raw JSON on
/// purpose: each is one the typed client cannot send; the answers are read as the wire's problem documents.
/// </summary>
[Collection(WalletScope.Name)]
public sealed class WalletBadInputTests(WalletService service)
{
    public static TheoryData<string, string> BadCreates() => new()
    {
        { """{"name":"x","algorithm":"DSA"}""", "algorithm" },
        { """{"name":"x","algorithm":"ed25519"}""", "algorithm" },
        { """{"algorithm":"ED25519"}""", "name" },
        { """{"name":"x","algorithm":"ED25519","mnemonic":"abandon abandon abandon"}""", "mnemonic" },
        { """{"name":"x","algorithm":"ED25519","mnemonic":"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon"}""", "mnemonic" },
        { """{"name":"x","algorithm":"RSA4096","mnemonic":"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"}""", "mnemonic" },
        { "{\"name\":\"" + new string('n', 101) + "\",\"algorithm\":\"ED25519\"}", "name" },
    };

    [Theory]
    [MemberData(nameof(BadCreates))]
    public async Task Invalid_create_is_400_naming_the_field_and_creates_nothing(string body, string field)
    {
        using var caller = await service.ClientAsync("bad-create-" + Guid.NewGuid().ToString("N")[..8]);
        using var response = await caller.PostAsync("/api/wallets", new StringContent(body, Encoding.UTF8, "application/json"));
        var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.BadRequest);
        Assert.Contains(field, ProblemAssert.ErrorKeys(problem));
        await AssertNoWalletsAsync(caller);
    }

    [Theory]
    [InlineData("{not json")]
    [InlineData("[]")]
    [InlineData("{\"name\":5,\"algorithm\":\"ED25519\"}")]
    public async Task Malformed_json_is_400_problem(string body)
    {
        using var caller = await service.ClientAsync("bad-json-" + Guid.NewGuid().ToString("N")[..8]);
        using var response = await caller.PostAsync("/api/wallets", new StringContent(body, Encoding.UTF8, "application/json"));
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.BadRequest);
        await AssertNoWalletsAsync(caller);
    }

    [Theory]
    [InlineData("not base64!")]
    [InlineData("AAA")]
    public async Task Malformed_base64_is_400(string data)
    {
        using var alice = await service.ClientAsync("bad-b64-alice");
        var wallet = (await service.Client("bad-b64-alice").Wallets.CreateAsync("bad input")).Address;
        using var response = await alice.PostAsJsonAsync($"/api/wallets/{wallet}/sign", new { data });
        var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.BadRequest);
        Assert.Contains("data", ProblemAssert.ErrorKeys(problem));
    }

    [Fact]
    public async Task Data_over_the_limit_is_413()
    {
        using var alice = await service.ClientAsync("big-alice");
        var wallet = (await service.Client("big-alice").Wallets.CreateAsync("bad input")).Address;
        using var response = await alice.PostAsJsonAsync($"/api/wallets/{wallet}/sign",
            new { data = Convert.ToBase64String(new byte[1024 * 1024 + 1]) });
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.RequestEntityTooLarge);
    }

    [Theory]
    [InlineData("ED25519", 31)]
    [InlineData("NISTP256", 64)]
    [InlineData("RSA4096", 10)]
    public async Task Verify_with_a_wrong_length_public_key_is_400(string algorithm, int length)
    {
        using var alice = await service.ClientAsync("bad-key-alice");
        using var response = await alice.PostAsJsonAsync("/api/wallets/verify", new
        {
            algorithm, publicKey = Convert.ToBase64String(new byte[length]), data = "AAAA", signature = Convert.ToBase64String(new byte[64]),
        });
        var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.BadRequest);
        Assert.Contains("publicKey", ProblemAssert.ErrorKeys(problem));
    }

    [Fact]
    public async Task Encrypt_to_an_unknown_or_malformed_recipient_is_4xx()
    {
        using var alice = await service.ClientAsync("bad-recipient-alice");
        var wallets = service.Client("bad-recipient-alice").Wallets;
        var wallet = (await wallets.CreateAsync("bad input")).Address;
        using var malformed = await alice.PostAsJsonAsync($"/api/wallets/{wallet}/encrypt", new { recipient = "nobody", data = "AAAA" });
        await ProblemAssert.IsProblemAsync(malformed, HttpStatusCode.BadRequest);

        var unknown = (await wallets.CreateAsync("bad input")).Address;
        await wallets.DeleteAsync(unknown);
        using var missing = await alice.PostAsJsonAsync($"/api/wallets/{wallet}/encrypt", new { recipient = unknown, data = "AAAA" });
        await ProblemAssert.IsProblemAsync(missing, HttpStatusCode.NotFound);
    }

    private static async Task AssertNoWalletsAsync(HttpClient caller) =>
        Assert.Equal(0, (await new SorchaClient(caller).Wallets.ListAsync()).TotalCount);
}
