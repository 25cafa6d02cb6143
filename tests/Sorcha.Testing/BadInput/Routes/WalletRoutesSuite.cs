using System.Net;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Cryptography;

namespace Sorcha.Testing.BadInput.Routes;

/// <summary>
/// Every wallet route of docs/api.md, fed bad input: each answer is a 4xx problem and no wallet changes. The gateway's
/// token checks run cross-process (Sorcha.IntegrationTests); every other case against the Wallet service in process.
/// </summary>
public abstract class WalletRoutesSuite(BadInputTarget target) : BadInputSuite(target)
{
    public static readonly CaseTable All = Build();

    protected override async Task<Resources> CreateResourcesAsync(HttpClient owner, HttpClient foreign)
    {
        var wallets = new SorchaClient(owner).Wallets;
        var wallet = await wallets.CreateAsync("bad input");
        var address = wallet.Address;
        var deleted = (await wallets.CreateAsync("bad input")).Address;
        await wallets.DeleteAsync(deleted);
        var foreignWallet = (await new SorchaClient(foreign).Wallets.CreateAsync("bad input")).Address;
        var envelope = await Json.PostAsync<Envelope>(owner, $"/api/wallets/{address}/encrypt", new { recipient = address, data = "c2VjcmV0" },
            HttpStatusCode.OK);
        var toForeign = await Json.PostAsync<Envelope>(owner, $"/api/wallets/{address}/encrypt", new { recipient = foreignWallet, data = "c2VjcmV0" },
            HttpStatusCode.OK);
        var ciphertext = envelope.Ciphertext.ToArray(); // a copy: the envelope itself is sent intact
        ciphertext[0] ^= 1;
        return new Resources(new Dictionary<string, string>
        {
            ["wallet"] = address,
            ["publicKey"] = Convert.ToBase64String(wallet.PublicKey),
            ["deletedWallet"] = deleted,
            ["foreignWallet"] = foreignWallet,
            ["envelope"] = JsonSerializer.Serialize(envelope, Json.Options),
            ["envelopeToForeign"] = JsonSerializer.Serialize(toForeign, Json.Options),
            ["tamperedCiphertext"] = Convert.ToBase64String(ciphertext),
            ["signature"] = Convert.ToBase64String(new byte[64]),
        });
    }

    protected override async Task<string> SnapshotAsync(HttpClient owner, HttpClient foreign, Resources resources) =>
        await owner.GetStringAsync("/api/wallets?pageSize=100") + await foreign.GetStringAsync("/api/wallets?pageSize=100");

    private static CaseTable Build()
    {
        var t = new CaseTable();
        var post = HttpMethod.Post;
        var malformedIds = CaseTable.MalformedIds("ws1qtq4cx2a5zuxpkmn6g3e5g0uzq3q3wkv2e5m4n6");
        (string, string)[] notYours = [("another caller's wallet", "{foreignWallet}"), ("a deleted wallet", "{deletedWallet}"), .. malformedIds];

        const string create = """{"name":"bad input","algorithm":"ED25519"}""";
        t.Tokens(post, "/api/wallets", "wallet", Bodies.Json(create));
        t.Unreadable(post, "/api/wallets", "name");
        t.ContentTypes(post, "/api/wallets", _ => create);
        t.Members(post, "/api/wallets", _ => create, new Field("name", FieldKind.Text), new Field("algorithm", FieldKind.Text),
            new Field("mnemonic", FieldKind.Text, Required: false));
        t.Add(post, "/api/wallets", "algorithm with a trailing space", [400], Bodies.Json("""{"name":"x","algorithm":"ED25519 "}"""));
        t.Add(post, "/api/wallets", "wordCount 13", [400], Bodies.Json("""{"name":"x","algorithm":"ED25519","wordCount":13}"""));
        t.Add(post, "/api/wallets", "wordCount with RSA4096", [400], Bodies.Json("""{"name":"x","algorithm":"RSA4096","wordCount":24}"""));
        t.Add(post, "/api/wallets", "wordCount other than the mnemonic's", [400],
            Bodies.Json("""{"name":"x","algorithm":"ED25519","wordCount":24,"mnemonic":"abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"}"""));
        t.Add(post, "/api/wallets", "passphrase of 257 characters", [400],
            Bodies.Json($$"""{"name":"x","algorithm":"ED25519","passphrase":"{{new string('p', 257)}}"}"""));
        t.Add(post, "/api/wallets", "passphrase with RSA4096", [400], Bodies.Json("""{"name":"x","algorithm":"RSA4096","passphrase":"p"}"""));
        t.Add(post, "/api/wallets", "mnemonic with a bad checksum", [400],
            Bodies.Json($$"""{"name":"x","algorithm":"ED25519","mnemonic":"{{string.Join(' ', Enumerable.Repeat("abandon", 24))}}"}"""));
        t.Add(post, "/api/wallets", "mnemonic of non-ASCII words", [400],
            Bodies.Json("""{"name":"x","algorithm":"NISTP256","mnemonic":"ábandon ábandon ábandon ábandon ábandon ábandon ábandon ábandon ábandon ábandon ábandon ábout"}"""));
        t.Oversized(post, "/api/wallets", "name", 3 * 1024 * 1024, "3 MiB");

        t.Tokens(HttpMethod.Get, "/api/wallets", "wallet");
        t.Paging("/api/wallets");

        t.Tokens(HttpMethod.Get, "/api/wallets/{wallet}", "wallet");
        t.Ids(HttpMethod.Get, "/api/wallets/{id}", [404], null, notYours);
        t.Tokens(HttpMethod.Delete, "/api/wallets/{wallet}", "wallet");
        t.Ids(HttpMethod.Delete, "/api/wallets/{id}", [404], null, notYours);

        const string patch = """{"name":"bad input"}""";
        var patchMethod = HttpMethod.Patch;
        t.Tokens(patchMethod, "/api/wallets/{wallet}", "wallet", Bodies.Json(patch));
        t.Unreadable(patchMethod, "/api/wallets/{wallet}", "name");
        t.ContentTypes(patchMethod, "/api/wallets/{wallet}", _ => patch);
        t.Ids(patchMethod, "/api/wallets/{id}", [404], Bodies.Json(patch), notYours);
        t.Add(patchMethod, "/api/wallets/{wallet}", "name: null (a name cannot be removed)", [400], Bodies.Json("""{"name":null}"""));
        t.Add(patchMethod, "/api/wallets/{wallet}", "name: blank", [400], Bodies.Json("""{"name":"  "}"""));
        t.Add(patchMethod, "/api/wallets/{wallet}", "name: 101 characters", [400], Bodies.Json($$"""{"name":"{{new string('n', 101)}}"}"""));
        t.Add(patchMethod, "/api/wallets/{wallet}", "tags: an array", [400], Bodies.Json("""{"tags":["a"]}"""));
        t.Add(patchMethod, "/api/wallets/{wallet}", "tags: a number value", [400], Bodies.Json("""{"tags":{"a":1}}"""));
        t.Add(patchMethod, "/api/wallets/{wallet}", "tags: a key with a space", [400], Bodies.Json("""{"tags":{"a b":"x"}}"""));
        t.Add(patchMethod, "/api/wallets/{wallet}", "tags: a 65-character key", [400], Bodies.Json("{\"tags\":{\"" + new string('k', 65) + "\":\"x\"}}"));
        t.Add(patchMethod, "/api/wallets/{wallet}", "tags: a 257-character value", [400], Bodies.Json("{\"tags\":{\"k\":\"" + new string('v', 257) + "\"}}"));
        t.Add(patchMethod, "/api/wallets/{wallet}", "tags: a control character", [400], Bodies.Json("""{"tags":{"k":"a\u0007"}}"""));
        t.Add(patchMethod, "/api/wallets/{wallet}", "tags: 33 at once", [400],
            Bodies.Json("{\"tags\":{" + string.Join(',', Enumerable.Range(0, 33).Select(i => $"\"t{i}\":\"x\"")) + "}}"));
        t.Add(patchMethod, "/api/wallets/{wallet}", "an unknown member", [400], Bodies.Json("""{"nmae":"x"}"""));

        t.Tokens(post, "/api/wallets/{wallet}/addresses", "wallet");
        t.Ids(post, "/api/wallets/{id}/addresses", [404], null, notYours);
        t.Tokens(HttpMethod.Get, "/api/wallets/{wallet}/addresses", "wallet");
        t.Ids(HttpMethod.Get, "/api/wallets/{id}/addresses", [404], null, notYours);
        t.Add(HttpMethod.Get, "/api/wallets/{wallet}/addresses?pageSize=101", "pageSize 101", [400]);
        t.Add(HttpMethod.Get, "/api/wallets/{wallet}/addresses?page=0", "page 0", [400]);

        const string sign = """{"data":"AAAA"}""";
        t.Tokens(post, "/api/wallets/{wallet}/sign", "wallet", Bodies.Json(sign));
        t.Unreadable(post, "/api/wallets/{wallet}/sign", "data");
        t.ContentTypes(post, "/api/wallets/{wallet}/sign", _ => sign);
        t.Members(post, "/api/wallets/{wallet}/sign", _ => sign, new Field("data", FieldKind.Base64));
        t.Ids(post, "/api/wallets/{id}/sign", [404], Bodies.Json(sign), notYours);
        t.Oversized(post, "/api/wallets/{wallet}/sign", "data", 3 * 1024 * 1024, "3 MiB");

        const string verify = """{"algorithm":"ED25519","publicKey":"{publicKey}","data":"AAAA","signature":"{signature}"}""";
        t.Tokens(post, "/api/wallets/verify", "wallet", Bodies.Json(verify));
        t.Unreadable(post, "/api/wallets/verify", "algorithm");
        t.ContentTypes(post, "/api/wallets/verify", r => r.Fill(verify));
        t.Members(post, "/api/wallets/verify", r => r.Fill(verify), new Field("algorithm", FieldKind.Text),
            new Field("publicKey", FieldKind.Base64), new Field("data", FieldKind.Base64), new Field("signature", FieldKind.Base64));
        t.Add(post, "/api/wallets/verify", "a NISTP256 key that is not on the curve", [400], Bodies.Json(
            $$"""{"algorithm":"NISTP256","publicKey":"{{Convert.ToBase64String([4, .. Enumerable.Repeat((byte)7, 64)])}}","data":"AAAA","signature":"{signature}"}"""));
        t.Add(post, "/api/wallets/verify", "an RSA4096 key that is not DER", [400], Bodies.Json(
            $$"""{"algorithm":"RSA4096","publicKey":"{{Convert.ToBase64String(Enumerable.Repeat((byte)0x30, 550).ToArray())}}","data":"AAAA","signature":"{signature}"}"""));
        t.Add(post, "/api/wallets/verify", "algorithm in lower case", [400], Bodies.Json(verify.Replace("ED25519", "ed25519", StringComparison.Ordinal)));
        t.Oversized(post, "/api/wallets/verify", "data", 3 * 1024 * 1024, "3 MiB");

        const string encrypt = """{"recipient":"{wallet}","data":"AAAA"}""";
        t.Tokens(post, "/api/wallets/{wallet}/encrypt", "wallet", Bodies.Json(encrypt));
        t.Unreadable(post, "/api/wallets/{wallet}/encrypt", "recipient");
        t.ContentTypes(post, "/api/wallets/{wallet}/encrypt", r => r.Fill(encrypt));
        t.Members(post, "/api/wallets/{wallet}/encrypt", r => r.Fill(encrypt), new Field("recipient", FieldKind.Text),
            new Field("data", FieldKind.Base64));
        t.Add(post, "/api/wallets/{wallet}/encrypt", "recipient deleted", [404], Bodies.Json("""{"recipient":"{deletedWallet}","data":"AAAA"}"""));
        t.Add(post, "/api/wallets/{wallet}/encrypt", "recipient with a broken checksum", [400],
            Bodies.Json(r => $$"""{"recipient":"{{r["wallet"][..^1]}}{{(r["wallet"][^1] == 'q' ? 'p' : 'q')}}","data":"AAAA"}"""));
        t.Add(post, "/api/wallets/{wallet}/encrypt", "recipient in upper case", [400, 404],
            Bodies.Json(r => $$"""{"recipient":"{{r["wallet"].ToUpperInvariant()}}","data":"AAAA"}"""));
        t.Ids(post, "/api/wallets/{id}/encrypt", [404], Bodies.Json(encrypt), notYours);
        t.Oversized(post, "/api/wallets/{wallet}/encrypt", "data", 3 * 1024 * 1024, "3 MiB");

        Func<Resources, string> envelope = r => r["envelope"];
        t.Tokens(post, "/api/wallets/{wallet}/decrypt", "wallet", Bodies.Json(envelope));
        t.Unreadable(post, "/api/wallets/{wallet}/decrypt", "scheme");
        t.ContentTypes(post, "/api/wallets/{wallet}/decrypt", envelope);
        t.Members(post, "/api/wallets/{wallet}/decrypt", envelope, new Field("scheme", FieldKind.Text),
            new Field("recipient", FieldKind.Text), new Field("ephemeralPublicKey", FieldKind.Base64, Required: false),
            new Field("nonce", FieldKind.Base64), new Field("ciphertext", FieldKind.Base64));
        t.Add(post, "/api/wallets/{wallet}/decrypt", "envelope: addressed to another wallet", [422], Bodies.Json(r => r["envelopeToForeign"]));
        t.Add(post, "/api/wallets/{wallet}/decrypt", "envelope: ciphertext tampered", [422],
            Bodies.Json(r => With(r["envelope"], "ciphertext", r["tamperedCiphertext"])));
        t.Add(post, "/api/wallets/{wallet}/decrypt", "envelope: 11-byte nonce", [422],
            Bodies.Json(r => With(r["envelope"], "nonce", Convert.ToBase64String(new byte[11]))));
        t.Add(post, "/api/wallets/{wallet}/decrypt", "envelope: ephemeral key of the wrong length", [422],
            Bodies.Json(r => With(r["envelope"], "ephemeralPublicKey", Convert.ToBase64String(new byte[31]))));
        t.Add(post, "/api/wallets/{wallet}/decrypt", "envelope: ephemeral key left out", [422],
            Bodies.Json(r => Without(r["envelope"], "ephemeralPublicKey")));
        t.Add(post, "/api/wallets/{wallet}/decrypt", "envelope: a wrapped key added", [422],
            Bodies.Json(r => With(r["envelope"], "wrappedKey", Convert.ToBase64String(new byte[512]))));
        t.Add(post, "/api/wallets/{wallet}/decrypt", "envelope: an RSA scheme", [422],
            Bodies.Json(r => With(r["envelope"], "scheme", "RSA-OAEP-SHA256-AES256GCM")));
        t.Add(post, "/api/wallets/{wallet}/decrypt", "envelope: an unknown scheme", [422],
            Bodies.Json(r => With(r["envelope"], "scheme", "ROT13")));
        t.Ids(post, "/api/wallets/{id}/decrypt", [404], Bodies.Json(envelope), notYours);
        t.Oversized(post, "/api/wallets/{wallet}/decrypt", "ciphertext", 3 * 1024 * 1024, "3 MiB");
        return t;
    }

    private static string With(string json, string member, string value)
    {
        var node = JsonNode.Parse(json)!.AsObject();
        node[member] = value;
        return node.ToJsonString();
    }

    private static string Without(string json, string member)
    {
        var node = JsonNode.Parse(json)!.AsObject();
        node.Remove(member);
        return node.ToJsonString();
    }
}
