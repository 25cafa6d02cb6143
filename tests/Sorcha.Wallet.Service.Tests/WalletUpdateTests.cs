using System.Net;
using System.Text;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>PATCH /api/wallets/{address}: merge-patch of name and tags, owner only, and no lost update across replicas.</summary>
public sealed class WalletUpdateTests(WalletReplicas service) : IClassFixture<WalletReplicas>
{
    [Fact]
    public async Task Patch_merges_name_and_tags_and_every_read_shows_it()
    {
        var owner = service.Client("patch-owner");
        var address = (await owner.Wallets.CreateAsync("before")).Address;

        // Raw: the wire writes tags as one JSON object, its members in ordinal order, whatever order they were sent in.
        var renamed = await PatchAsync(owner.Http, address, """{"name":"after","tags":{"team":"ops","env":"test"}}""");
        Assert.Equal("after", renamed.Str("name"));
        Assert.Equal("""{"env":"test","team":"ops"}""", renamed.GetProperty("tags").GetRawText());

        // Absent members stay; a tag set to null goes; a new one joins.
        var merged = await PatchAsync(owner.Http, address, """{"tags":{"env":null,"cost":"42"}}""");
        Assert.Equal("after", merged.Str("name"));
        Assert.Equal("""{"cost":"42","team":"ops"}""", merged.GetProperty("tags").GetRawText());

        // The other replica reads it at once (the PATCH waited out the record leases).
        var read = await Json.GetAsync<JsonElement>(service.Second("patch-owner"), $"/api/wallets/{address}");
        Assert.Equal("""{"cost":"42","team":"ops"}""", read.GetProperty("tags").GetRawText());
        Assert.Equal("after", read.Str("name"));

        var cleared = await PatchAsync(owner.Http, address, """{"tags":null}""");
        Assert.Equal("{}", cleared.GetProperty("tags").GetRawText());
        Assert.Equal("after", (await PatchAsync(owner.Http, address, "{}")).Str("name"));
    }

    [Fact]
    public async Task Patches_of_different_members_on_two_replicas_at_once_all_land()
    {
        var owner = service.Client("patch-race");
        var address = (await owner.Wallets.CreateAsync("race")).Address;
        var second = service.Second("patch-race");

        // Each sets its own tag: a read-modify-write without the compare-and-set would drop some of them.
        var patches = Enumerable.Range(0, 12).Select(i => PatchAsync(i % 2 == 0 ? owner.Http : second, address,
            "{\"tags\":{\"k" + i + "\":\"v" + i + "\"}}")).Append(PatchAsync(second, address, """{"name":"renamed"}"""));
        await Task.WhenAll(patches);

        var read = await Json.GetAsync<WalletDto>(owner.Http, $"/api/wallets/{address}");
        Assert.Equal("renamed", read.Name);
        Assert.Equal(Enumerable.Range(0, 12).Select(i => $"k{i}").Order(StringComparer.Ordinal),
            read.Tags.Keys.Order(StringComparer.Ordinal));
    }

    [Fact]
    public async Task Another_callers_wallet_is_404_and_unchanged()
    {
        var owner = service.Client("patch-mine");
        var address = (await owner.Wallets.CreateAsync("mine")).Address;
        using var response = await SendAsync(service.Client("patch-stranger").Http, address, """{"name":"theirs"}""");
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal("mine", (await owner.Wallets.GetAsync(address)).Name);
    }

    [Theory]
    [InlineData("""{"name":null}""", "name")]
    [InlineData("""{"name":""}""", "name")]
    [InlineData("""{"tags":{"bad key":"x"}}""", "tags")]
    [InlineData("""{"tags":{"":"x"}}""", "tags")]
    [InlineData("""{"tags":{"k":"line\nbreak"}}""", "tags.k")]
    public async Task Bad_members_are_400_naming_them(string body, string field)
    {
        var owner = service.Client("patch-bad");
        var address = (await owner.Wallets.CreateAsync("bad")).Address;
        using var response = await SendAsync(owner.Http, address, body);
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.True((await Json.ReadAsync<ProblemDocument>(response)).Errors?.ContainsKey(field) == true, body);
        Assert.Equal("bad", (await owner.Wallets.GetAsync(address)).Name);
    }

    [Fact]
    public async Task More_tags_than_allowed_after_the_merge_is_422_and_nothing_changes()
    {
        var owner = service.Client("patch-many");
        var address = (await owner.Wallets.CreateAsync("many")).Address;
        var first = string.Join(',', Enumerable.Range(0, 30).Select(i => $"\"a{i}\":\"x\""));
        await PatchAsync(owner.Http, address, "{\"tags\":{" + first + "}}");
        using var response = await SendAsync(owner.Http, address, """{"name":"no","tags":{"b1":"x","b2":"x","b3":"x"}}""");
        Assert.Equal(HttpStatusCode.UnprocessableEntity, response.StatusCode);
        var read = await Json.GetAsync<WalletDto>(owner.Http, $"/api/wallets/{address}");
        Assert.Equal("many", read.Name);
        Assert.Equal(30, read.Tags.Count);
    }

    private static async Task<JsonElement> PatchAsync(HttpClient http, string address, string body)
    {
        using var response = await SendAsync(http, address, body);
        var text = await response.Content.ReadAsStringAsync();
        Assert.True(response.StatusCode == HttpStatusCode.OK, $"PATCH {body}: {(int)response.StatusCode} {text}");
        return JsonDocument.Parse(text).RootElement.Clone();
    }

    private static Task<HttpResponseMessage> SendAsync(HttpClient http, string address, string body) =>
        http.PatchAsync($"/api/wallets/{address}", new StringContent(body, Encoding.UTF8, "application/merge-patch+json"));
}
