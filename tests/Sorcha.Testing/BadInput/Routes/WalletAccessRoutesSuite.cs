using Sorcha.Client;
using Sorcha.Contracts.Wallets;

namespace Sorcha.Testing.BadInput.Routes;

/// <summary>
/// The wallet access routes (docs/wallets.md, "Wallet access") fed bad input: each answer is a 4xx problem and no grant
/// changes. Apart from WalletRoutesSuite so the two grow without touching each other. The gateway's token checks run
/// cross-process; every other case against the Wallet service in process.
/// </summary>
public abstract class WalletAccessRoutesSuite(BadInputTarget target) : BadInputSuite(target)
{
    public static readonly CaseTable All = Build();

    protected override async Task<Resources> CreateResourcesAsync(HttpClient owner, HttpClient foreign)
    {
        var wallets = new SorchaClient(owner).Wallets;
        var address = (await wallets.CreateAsync("bad input")).Address;
        await wallets.GrantAccessAsync(address, "bad-input-reader", WalletRightNames.Read);
        var deleted = (await wallets.CreateAsync("bad input")).Address;
        await wallets.DeleteAsync(deleted);
        var foreignWallet = (await new SorchaClient(foreign).Wallets.CreateAsync("bad input")).Address;
        return new Resources(new Dictionary<string, string>
        {
            ["wallet"] = address,
            ["deletedWallet"] = deleted,
            ["foreignWallet"] = foreignWallet,
        });
    }

    protected override async Task<string> SnapshotAsync(HttpClient owner, HttpClient foreign, Resources resources) =>
        await owner.GetStringAsync($"/api/wallets/{resources["wallet"]}/access")
        + await foreign.GetStringAsync($"/api/wallets/{resources["foreignWallet"]}/access")
        + await foreign.GetStringAsync("/api/wallets/delegated?pageSize=100");

    private static CaseTable Build()
    {
        var t = new CaseTable();
        var put = HttpMethod.Put;
        var malformedIds = CaseTable.MalformedIds("ws1qtq4cx2a5zuxpkmn6g3e5g0uzq3q3wkv2e5m4n6");
        (string, string)[] notYours = [("another caller's wallet", "{foreignWallet}"), ("a deleted wallet", "{deletedWallet}"), .. malformedIds];

        const string list = "/api/wallets/{wallet}/access";
        const string one = list + "/bad-input-someone";
        const string grant = """{"rights":"read"}""";
        t.Tokens(HttpMethod.Get, list, "wallet");
        t.Ids(HttpMethod.Get, "/api/wallets/{id}/access", [404], null, notYours);
        t.Add(HttpMethod.Get, list, "by another caller", [404], null, Caller.Foreign);

        t.Tokens(put, one, "wallet", Bodies.Json(grant));
        t.Unreadable(put, one, "rights");
        t.ContentTypes(put, one, _ => grant);
        t.Members(put, one, _ => grant, new Field("rights", FieldKind.Text),
            new Field("expiresAt", FieldKind.Text, Required: false));
        t.Ids(put, "/api/wallets/{id}/access/bad-input-someone", [404], Bodies.Json(grant), notYours);
        t.Add(put, one, "by another caller", [404], Bodies.Json(grant), Caller.Foreign);
        t.Add(put, list + "/badinput-foreign-WalletAccessRoutesInProcessTests", "another caller granting itself", [404], Bodies.Json(grant), Caller.Foreign);
        // The owner as the in-process suite runs it (BadInputSuite names its callers after the test class).
        t.Add(put, list + "/badinput-owner-WalletAccessRoutesInProcessTests", "the owner granting itself", [400], Bodies.Json(grant));
        t.Add(put, list + "/a%01b", "subject: a control character", [400], Bodies.Json(grant));
        t.Add(put, list + "/%20%20", "subject: white space", [400], Bodies.Json(grant));
        t.Add(put, list + "/" + new string('s', 257), "subject: 257 characters", [400], Bodies.Json(grant));
        t.Add(put, one, "rights: write", [400], Bodies.Json("""{"rights":"write"}"""));
        t.Add(put, one, "rights: in upper case", [400], Bodies.Json("""{"rights":"SIGN"}"""));
        t.Add(put, one, "expiresAt: in the past", [400], Bodies.Json("""{"rights":"read","expiresAt":"2001-01-01T00:00:00Z"}"""));
        t.Add(put, one, "expiresAt: past the longest lifetime", [400], Bodies.Json("""{"rights":"read","expiresAt":"9999-01-01T00:00:00Z"}"""));
        t.Add(put, one, "expiresAt: without an offset", [400], Bodies.Json("""{"rights":"read","expiresAt":"2099-01-01T00:00:00"}"""));
        t.Oversized(put, one, "rights", 3 * 1024 * 1024, "3 MiB");

        t.Tokens(HttpMethod.Delete, one, "wallet");
        t.Ids(HttpMethod.Delete, "/api/wallets/{id}/access/bad-input-reader", [404], null, notYours);
        t.Add(HttpMethod.Delete, one, "no such grant", [404]);
        t.Add(HttpMethod.Delete, list + "/bad-input-reader", "by another caller", [404], null, Caller.Foreign);
        t.Add(HttpMethod.Delete, list + "/a%01b", "subject: a control character", [400]);
        t.Add(HttpMethod.Delete, list + "/" + new string('s', 257), "subject: 257 characters", [400]);

        t.Tokens(HttpMethod.Get, "/api/wallets/delegated", "wallet");
        t.Paging("/api/wallets/delegated");
        return t;
    }
}
