using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.BadInput;

/// <summary>
/// The token endpoint fed malformed forms (OAuth2 errors as problem documents, never a 500), and methods or routes
/// the API does not have (405 and 404 as problem documents).
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class IdentityRoutesTests(PlatformFixture platform) : BadInputSuite(platform)
{
    private static readonly CaseTable Cases = Build();

    protected override CaseTable Table => Cases;

    public static TheoryData<string> Names() => Cases.Names();

    [Theory]
    [MemberData(nameof(Names))]
    public Task Refused_with_a_problem_and_nothing_changes(string name) => RunAsync(name);

    protected override Task<Resources> CreateResourcesAsync(HttpClient owner, HttpClient foreign) =>
        Task.FromResult(new Resources(new Dictionary<string, string>
        {
            ["secret"] = Uri.EscapeDataString(platform.Options.DevClientSecret),
        }));

    // The token endpoint stores nothing; a refused form must not yield a token, which the status already shows.
    protected override Task<string> SnapshotAsync(HttpClient owner, HttpClient foreign, Resources resources) => Task.FromResult("");

    private static CaseTable Build()
    {
        var t = new CaseTable();
        const string path = "/api/auth/token";
        const string form = "application/x-www-form-urlencoded";
        foreach (var (what, body, expected) in new (string, string, int)[]
        {
            ("grant_type: password", "grant_type=password&client_id=a&client_secret={secret}", 400),
            ("grant_type: left out", "client_id=a&client_secret={secret}", 400),
            ("client_id: left out", "grant_type=client_credentials&client_secret={secret}", 400),
            ("client_id: empty", "grant_type=client_credentials&client_id=&client_secret={secret}", 400),
            ("client_id: 129 characters", "grant_type=client_credentials&client_id=" + new string('a', 129) + "&client_secret={secret}", 400),
            ("client_id: with a space", "grant_type=client_credentials&client_id=a%20b&client_secret={secret}", 400),
            ("client_id: non-ASCII", "grant_type=client_credentials&client_id=%C3%A9&client_secret={secret}", 400),
            ("client_id: a null character", "grant_type=client_credentials&client_id=a%00b&client_secret={secret}", 400),
            ("client_id: given twice", "grant_type=client_credentials&client_id=a&client_id=b&client_secret={secret}", 400),
            ("client_secret: wrong", "grant_type=client_credentials&client_id=a&client_secret=wrong", 401),
            ("client_secret: left out", "grant_type=client_credentials&client_id=a", 401),
            ("client_secret: 100,000 characters", "grant_type=client_credentials&client_id=a&client_secret=" + new string('s', 100_000), 401),
            ("broken percent-encoding", "%%%%", 400),
            ("a value over the form limit (5 MB)", "a=" + new string('x', 5_000_000), 400),
            ("5,000 fields", string.Join('&', Enumerable.Range(0, 5000).Select(i => $"k{i}=v")), 400),
        })
        {
            t.Add(HttpMethod.Post, path, what, [expected], r => Bodies.Text(r.Fill(body), form), Caller.Anonymous);
        }

        t.Add(HttpMethod.Post, path, "JSON instead of a form", [400], _ => Bodies.Text("""{"grant_type":"client_credentials"}"""), Caller.Anonymous);
        t.Add(HttpMethod.Post, path, "multipart without a boundary", [400], _ => Bodies.Text("x", "multipart/form-data"), Caller.Anonymous);
        t.Add(HttpMethod.Post, path, "no body", [400], null, Caller.Anonymous);
        // No token: the 405 route needs one like every other (401); with one it would be 405.
        t.Add(HttpMethod.Get, path, "GET without a token", [401, 405], null, Caller.Anonymous);

        foreach (var (method, route) in new[]
        {
            (HttpMethod.Put, "/api/wallets"), (HttpMethod.Patch, "/api/registers"), (HttpMethod.Put, "/api/registers/x"),
            (HttpMethod.Put, "/api/transactions/x"), (HttpMethod.Patch, "/api/blueprints/x"), (HttpMethod.Get, "/api/execution/validate"),
            (HttpMethod.Delete, "/api/instances/x"), (HttpMethod.Options, "/api/wallets"), (HttpMethod.Post, "/health"),
        })
        {
            t.Add(method, route, "a method the route does not have", [405]);
        }

        // The JSON-LD context: anonymous and GET-only (another method without a token is 401, as above); one version exists.
        t.Add(HttpMethod.Post, "/api/contexts/v1", "a method the context does not have", [401, 405], _ => Bodies.Text("{}"), Caller.Anonymous);
        t.Add(HttpMethod.Delete, "/api/contexts/v1", "a method the context does not have", [401, 405], null, Caller.Anonymous);
        t.Add(HttpMethod.Get, "/api/contexts/v2", "a context version that does not exist", [401, 404], null, Caller.Anonymous);

        // Outside /api an unknown path is the web app's not-found page (SignInTests), not a problem document.
        foreach (var route in new[] { "/api", "/api/nothing", "/api/wallets/x/y/z", "/api/registers/x/nothing", "/openapi/nothing.json" })
        {
            t.Add(HttpMethod.Get, route, "a route that does not exist", [404]);
        }

        return t;
    }
}
