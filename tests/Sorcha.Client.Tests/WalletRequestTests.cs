using System.Net;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;

namespace Sorcha.Client.Tests;

/// <summary>The wallet routes added with derived addresses: PATCH, derive, list addresses, wordCount and passphrase.</summary>
public sealed class WalletRequestTests
{
    private const string Derived = """
        {"address":"ws1d","name":"w #1","algorithm":"ED25519","publicKey":"AQID","encryptionPublicKey":"BAUG",
         "createdAt":"2025-01-01T00:00:00Z","tags":{"team":"ops"},"parent":"ws1w","account":1}
        """;

    [Fact]
    public async Task A_patch_sends_only_the_members_given_and_a_null_tag_as_null()
    {
        var stub = new ScriptedHandler(_ => ScriptedHandler.Json(HttpStatusCode.OK, Derived));
        using var http = stub.Client();
        var wallets = new SorchaClient(http).Wallets;
        var updated = await wallets.UpdateAsync("ws1d", tags: new Dictionary<string, string?> { ["team"] = "ops", ["env"] = null });
        await wallets.UpdateAsync("ws1d", name: "renamed");

        Assert.Equal(new Dictionary<string, string> { ["team"] = "ops" }, updated.Tags);
        Assert.Equal([HttpMethod.Patch, HttpMethod.Patch], stub.Requests.Select(r => r.Method));
        Assert.Equal(["/api/wallets/ws1d", "/api/wallets/ws1d"], stub.Requests.Select(r => r.Uri.PathAndQuery));
        Assert.Equal(["""{"tags":{"team":"ops","env":null}}""", """{"name":"renamed"}"""], stub.Requests.Select(r => r.Body));
    }

    [Fact]
    public async Task Deriving_posts_no_body_and_a_derived_address_names_its_wallet_and_account()
    {
        var stub = new ScriptedHandler(request => request.Method == HttpMethod.Post
            ? ScriptedHandler.Json(HttpStatusCode.Created, Derived)
            : ScriptedHandler.Json(HttpStatusCode.OK, $$"""{"items":[{{Derived}}],"page":1,"pageSize":5,"totalCount":1}"""));
        using var http = stub.Client();
        var wallets = new SorchaClient(http).Wallets;
        var derived = await wallets.DeriveAddressAsync("ws1w");
        var listed = await wallets.ListAddressesAsync("ws1w", pageSize: 5);

        Assert.Equal(("ws1d", "ws1w", (int?)1), (derived.Address, derived.Parent, derived.Account));
        Assert.Equal(("ws1w", (int?)1), (listed.Items[0].Parent, listed.Items[0].Account));
        Assert.Null(stub.Requests[0].Body);
        Assert.Equal(["/api/wallets/ws1w/addresses", "/api/wallets/ws1w/addresses?pageSize=5"], stub.Requests.Select(r => r.Uri.PathAndQuery));
    }

    [Fact]
    public async Task Word_count_and_passphrase_go_in_the_body_only_when_given_and_a_plain_wallet_has_no_tags_or_parent()
    {
        const string Plain = """
            {"address":"ws1w","name":"w","algorithm":"ED25519","publicKey":"AQID","encryptionPublicKey":"BAUG","createdAt":"2025-01-01T00:00:00Z"}
            """;
        var stub = new ScriptedHandler(_ => ScriptedHandler.Json(HttpStatusCode.Created, Plain));
        using var http = stub.Client();
        var wallets = new SorchaClient(http).Wallets;
        var created = await wallets.CreateAsync(new CreateWalletRequest("w", "ED25519", WordCount: 12, Passphrase: "p"));
        await wallets.RecoverAsync("w", SignatureAlgorithm.ED25519, "m", "p");
        await wallets.CreateAsync("w");

        Assert.Equal(["""{"name":"w","algorithm":"ED25519","wordCount":12,"passphrase":"p"}""",
            """{"name":"w","algorithm":"ED25519","mnemonic":"m","passphrase":"p"}""", """{"name":"w","algorithm":"ED25519"}"""],
            stub.Requests.Select(r => r.Body));
        Assert.Empty(created.Tags);
        Assert.Equal(((string?)null, (int?)null), (created.Parent, created.Account));
        Assert.DoesNotContain("s3cret", new CreateWalletRequest("w", "ED25519", "m", Passphrase: "s3cret").ToString(),
            StringComparison.Ordinal);
    }
}
