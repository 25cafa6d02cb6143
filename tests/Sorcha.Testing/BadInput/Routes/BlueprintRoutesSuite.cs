using System.Net;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Templates;

namespace Sorcha.Testing.BadInput.Routes;

/// <summary>
/// Every blueprint, version, template, execution and instance route of docs/api.md, fed bad input: each answer is a 4xx problem and
/// no blueprint, instance or step changes (drafts stay drafts, versions stay put, no step is taken). The gateway's
/// token checks run cross-process (Sorcha.IntegrationTests); every other case against the Blueprint service in process,
/// with the Wallet, Register and Transaction services it calls beside it.
/// </summary>
public abstract class BlueprintRoutesSuite(BadInputTarget target) : BadInputSuite(target)
{
    // Before All: static fields initialise in order.
    private static readonly string Sample = Samples.Blueprint("expense-approval").ToJsonString();

    private static readonly string Claim = JsonSerializer.Serialize(Samples.ExpenseClaim, JsonSerializerOptions.Web);

    private static readonly string Template = Samples.Template("loan-application").ToJsonString();

    private static readonly string Instantiate = Samples.TemplateParameters("loan-application").ToJsonString();

    public static readonly CaseTable All = Build();

    protected override async Task<Resources> CreateResourcesAsync(HttpClient owner, HttpClient foreign)
    {
        var (ownerClient, foreignClient) = (new SorchaClient(owner), new SorchaClient(foreign));
        var draft = await CreateAsync(owner, Samples.Blueprint("expense-approval"));
        var published = await CreateAsync(owner, Samples.Blueprint("expense-approval"));
        await ownerClient.Blueprints.PublishAsync(published);
        var unpublishable = Samples.Blueprint("expense-approval");
        unpublishable["actions"] = new JsonArray();
        var foreignDraft = await CreateAsync(foreign, Samples.Blueprint("expense-approval"));
        var wallet = (await ownerClient.Wallets.CreateAsync("blueprint test")).Address;
        var foreignWallet = (await foreignClient.Wallets.CreateAsync("blueprint test")).Address;
        var register = (await ownerClient.Registers.CreateAsync("blueprint test")).Id;
        string[] roles = ["employee", "manager", "finance"];
        var instance = (await ownerClient.Instances.CreateAsync(published, register, roles.ToDictionary(p => p, _ => wallet))).InstanceId;
        // The foreign caller binds its instance to a register of its own: only a register's owner or writers may bind one.
        var foreignRegister = (await foreignClient.Registers.CreateAsync("blueprint test")).Id;
        var foreignInstance = (await foreignClient.Instances.CreateAsync(published, foreignRegister,
            roles.ToDictionary(p => p, _ => foreignWallet))).InstanceId;
        var template = (await Json.PostAsync<TemplateDto>(owner, "/api/templates", JsonNode.Parse(Template), HttpStatusCode.Created)).Id;
        var foreignTemplate = (await Json.PostAsync<TemplateDto>(foreign, "/api/templates", JsonNode.Parse(Template), HttpStatusCode.Created)).Id;
        return new Resources(new Dictionary<string, string>
        {
            ["draft"] = draft,
            ["published"] = published,
            ["unpublishable"] = await CreateAsync(owner, unpublishable),
            ["foreignDraft"] = foreignDraft,
            ["wallet"] = wallet,
            ["foreignWallet"] = foreignWallet,
            ["register"] = register,
            ["instance"] = instance,
            ["foreignInstance"] = foreignInstance,
            ["template"] = template,
            ["foreignTemplate"] = foreignTemplate,
            ["unknown"] = Guid.NewGuid().ToString("N"),
            ["unknownTx"] = Convert.ToHexStringLower(System.Security.Cryptography.RandomNumberGenerator.GetBytes(32)),
        });
    }

    // The sample as its JSON text: the cases are cut from the same document.
    private static async Task<string> CreateAsync(HttpClient client, JsonObject blueprint) =>
        (await Json.PostAsync<BlueprintDto>(client, "/api/blueprints", blueprint, HttpStatusCode.Created)).Id!;

    private static readonly string[] Watched =
    [
        "/api/blueprints/{draft}", "/api/blueprints/{published}", "/api/blueprints/{unpublishable}", "/api/blueprints/{foreignDraft}",
        "/api/instances/{instance}", "/api/blueprints/{published}/versions",
        "/api/templates/{template}", "/api/templates?pageSize=100",
    ];

    protected override async Task<string> SnapshotAsync(HttpClient owner, HttpClient foreign, Resources resources)
    {
        var total = (await Json.GetAsync<Paged<BlueprintDto>>(owner, "/api/blueprints?pageSize=1")).TotalCount;
        // An instance is read by those it concerns: the foreign one by its own creator.
        var reads = await Task.WhenAll(Watched.Select(path => owner.GetStringAsync(resources.Fill(path)))
            .Append(foreign.GetStringAsync(resources.Fill("/api/instances/{foreignInstance}"))));
        return $"blueprints={total} " + string.Join('\n', reads);
    }

    private static CaseTable Build()
    {
        var t = new CaseTable();
        var get = HttpMethod.Get;
        var post = HttpMethod.Post;
        var put = HttpMethod.Put;
        var unknownIds = CaseTable.MalformedIds("{unknown}");

        foreach (var (method, path) in new[] { (post, "/api/blueprints"), (put, "/api/blueprints/{draft}") })
        {
            t.Tokens(method, path, "blueprint", Bodies.Json(_ => Sample));
            t.Unreadable(method, path, "title");
            t.ContentTypes(method, path, _ => Sample);
            t.Members(method, path, _ => Sample, new Field("title", FieldKind.Text));
            foreach (var (what, change) in DocumentBreakers())
            {
                t.Add(method, path, what, [400], Bodies.Json(_ => Changed(change)));
            }

            t.Oversized(method, path, "title", 600 * 1024, "600 KiB");
        }

        t.Add(put, "/api/blueprints/{foreignDraft}", "another caller's draft", [403], Bodies.Json(_ => Sample));
        t.Add(put, "/api/blueprints/{draft}", "a stale version", [409], Bodies.Json(_ => Changed(b => b["version"] = 99)));
        t.Ids(put, "/api/blueprints/{id}", [404], Bodies.Json(_ => Sample), unknownIds);

        t.Tokens(get, "/api/blueprints", "blueprint");
        t.Paging("/api/blueprints");
        t.Tokens(get, "/api/blueprints/{draft}", "blueprint");
        t.Ids(get, "/api/blueprints/{id}", [404], null, unknownIds);

        t.Tokens(HttpMethod.Delete, "/api/blueprints/{draft}", "blueprint");
        t.Add(HttpMethod.Delete, "/api/blueprints/{foreignDraft}", "another caller's draft", [403]);
        t.Ids(HttpMethod.Delete, "/api/blueprints/{id}", [404], null, unknownIds);

        t.Tokens(post, "/api/blueprints/{draft}/publish", "blueprint");
        t.Add(post, "/api/blueprints/{foreignDraft}/publish", "another caller's draft", [403]);
        t.Add(post, "/api/blueprints/{unpublishable}/publish", "a draft with no actions", [422]);
        t.Ids(post, "/api/blueprints/{id}/publish", [404], null, unknownIds);

        t.Tokens(get, "/api/blueprints/{published}/versions", "blueprint");
        t.Paging("/api/blueprints/{published}/versions");
        t.Ids(get, "/api/blueprints/{id}/versions", [404], null, unknownIds);
        t.Tokens(get, "/api/blueprints/{published}/versions/1", "blueprint");
        foreach (var version in new[] { "0", "2", "-1", "abc", "1.0", "99999999999", "%C3%A9" })
        {
            t.Add(get, "/api/blueprints/{published}/versions/" + version, "version: " + version, [404]);
        }

        t.Add(get, "/api/blueprints/{draft}/versions/1", "a draft never published", [404]);
        t.Ids(get, "/api/blueprints/{id}/versions/1", [404], null, unknownIds);

        AddTemplates(t, unknownIds);

        Func<Resources, string> run = r => r.Fill("""{"blueprintId":"{published}","actionId":"submit","data":""" + Claim + "}");
        foreach (var helper in new[] { "validate", "calculate", "route", "disclose" })
        {
            var path = "/api/execution/" + helper;
            t.Tokens(post, path, "blueprint", Bodies.Json(run));
            t.Unreadable(post, path, "blueprintId");
            t.ContentTypes(post, path, run);
            t.Members(post, path, run, new Field("blueprintId", FieldKind.Text), new Field("actionId", FieldKind.Text),
                new Field("data", FieldKind.Any, Required: false));
            t.Add(post, path, "unknown blueprint", [404], Bodies.Json(r => run(r).Replace(r["published"], r["unknown"], StringComparison.Ordinal)));
            t.Add(post, path, "unknown action", [404], Bodies.Json(r => run(r).Replace("\"submit\"", "\"nope\"", StringComparison.Ordinal)));
            t.Oversized(post, path, "blueprintId", 600 * 1024, "600 KiB");
        }

        const string start = """{"registerId":"{register}","participants":{"employee":"{wallet}","manager":"{wallet}","finance":"{wallet}"}}""";
        t.Tokens(post, "/api/blueprints/{published}/instances", "blueprint", Bodies.Json(start));
        t.Unreadable(post, "/api/blueprints/{published}/instances", "registerId");
        t.ContentTypes(post, "/api/blueprints/{published}/instances", r => r.Fill(start));
        t.Members(post, "/api/blueprints/{published}/instances", r => r.Fill(start), new Field("registerId", FieldKind.Text),
            new Field("participants", FieldKind.Document));
        t.Add(post, "/api/blueprints/{published}/instances", "unknown register", [422],
            Bodies.Json(start.Replace("{register}", "{unknown}", StringComparison.Ordinal)));
        t.Add(post, "/api/blueprints/{published}/instances", "a participant left unbound", [400],
            Bodies.Json("""{"registerId":"{register}","participants":{"employee":"{wallet}","manager":"{wallet}"}}"""));
        t.Add(post, "/api/blueprints/{published}/instances", "an unknown participant", [400],
            Bodies.Json(start.Replace("\"finance\"", "\"finance\",\"auditor\":\"{wallet}\",\"x\"", StringComparison.Ordinal)));
        t.Add(post, "/api/blueprints/{published}/instances", "a participant bound to a number", [400],
            Bodies.Json(start.Replace("\"{wallet}\"}", "42}", StringComparison.Ordinal)));
        t.Add(post, "/api/blueprints/{published}/instances", "a participant bound to no address", [400],
            Bodies.Json(start.Replace("\"finance\":\"{wallet}\"", "\"finance\":\"not-an-address\"", StringComparison.Ordinal)));
        t.Add(post, "/api/blueprints/{draft}/instances", "a draft", [409], Bodies.Json(start));
        t.Ids(post, "/api/blueprints/{id}/instances", [404], Bodies.Json(start), unknownIds);

        t.Tokens(get, "/api/instances/{instance}", "blueprint");
        t.Ids(get, "/api/instances/{id}", [404], null, unknownIds);

        const string submit = "/api/instances/{instance}/actions/submit";
        Func<Resources, string> act = r => r.Fill("""{"sender":"{wallet}","data":""" + Claim + "}");
        t.Tokens(post, submit, "blueprint", Bodies.Json(act));
        t.Unreadable(post, submit, "sender");
        t.ContentTypes(post, submit, act);
        t.Members(post, submit, act, new Field("sender", FieldKind.Text), new Field("data", FieldKind.Any) { Missing = [422] });
        t.Add(post, submit, "data failing the schema", [422],
            Bodies.Json(r => r.Fill("""{"sender":"{wallet}","data":{"amount":"lots"}}""")));
        t.Add(post, submit, "a sender the instance does not bind", [403],
            Bodies.Json(r => act(r).Replace(r["wallet"], r["foreignWallet"], StringComparison.Ordinal)));
        t.Add(post, "/api/instances/{foreignInstance}/actions/submit", "another caller's wallet as sender", [403],
            Bodies.Json(r => act(r).Replace(r["wallet"], r["foreignWallet"], StringComparison.Ordinal)));
        t.Add(post, "/api/instances/{instance}/actions/approve", "not the next action", [409], Bodies.Json(act));
        t.Add(post, "/api/instances/{instance}/actions/nope", "unknown action", [404], Bodies.Json(act));
        t.Ids(post, "/api/instances/{id}/actions/submit", [404], Bodies.Json(act), unknownIds);
        // The body admits the data's 512 KiB and the configured files (base64) on top: 2 MiB is past both.
        t.Oversized(post, submit, "sender", 2 * 1024 * 1024, "2 MiB");
        AttachmentRows(t, submit);

        // The instance waits for "submit", which has no rejection: every refusal below is decided before that 409.
        const string reject = "/api/instances/{instance}/actions/submit/reject";
        Func<Resources, string> refuse = r => r.Fill("""{"sender":"{wallet}","reason":"not this one"}""");
        t.Tokens(post, reject, "blueprint", Bodies.Json(refuse));
        t.Unreadable(post, reject, "sender");
        t.ContentTypes(post, reject, refuse);
        t.Members(post, reject, refuse, new Field("sender", FieldKind.Text), new Field("reason", FieldKind.Text));
        t.Add(post, reject, "a reason of 1,001 characters", [400],
            Bodies.Json(r => r.Fill("{\"sender\":\"{wallet}\",\"reason\":\"" + new string('x', 1_001) + "\"}")));
        t.Add(post, reject, "an action without a rejection", [409], Bodies.Json(refuse));
        t.Add(post, "/api/instances/{instance}/actions/approve/reject", "not the next action", [409], Bodies.Json(refuse));
        t.Add(post, "/api/instances/{foreignInstance}/actions/submit/reject", "a sender the instance does not bind", [403], Bodies.Json(refuse));
        t.Add(post, "/api/instances/{instance}/actions/nope/reject", "unknown action", [404], Bodies.Json(refuse));
        t.Ids(post, "/api/instances/{id}/actions/submit/reject", [404], Bodies.Json(refuse), unknownIds);
        t.Oversized(post, reject, "sender", 600 * 1024, "600 KiB");

        t.Tokens(get, "/api/inbox", "blueprint");
        t.Paging("/api/inbox");
        t.Tokens(get, "/api/instances", "blueprint");
        t.Paging("/api/instances");
        t.Add(get, "/api/instances?state=closed", "an unknown state", [400]);
        t.Add(get, "/api/instances?blueprintId=" + new string('b', 65), "a blueprintId of 65 characters", [400]);
        // Neither its creator nor holding one of its wallets: the same 404 as an id that does not exist.
        t.Add(get, "/api/instances/{foreignInstance}", "another caller's instance", [404]);
        return t;
    }

    private static void AddTemplates(CaseTable t, (string What, string Id)[] unknownIds)
    {
        var (get, post, delete) = (HttpMethod.Get, HttpMethod.Post, HttpMethod.Delete);
        t.Tokens(post, "/api/templates", "blueprint", Bodies.Json(_ => Template));
        t.Unreadable(post, "/api/templates", "title");
        t.ContentTypes(post, "/api/templates", _ => Template);
        t.Members(post, "/api/templates", _ => Template, new Field("title", FieldKind.Text), new Field("parameters", FieldKind.Document),
            new Field("template", FieldKind.Document));
        t.Add(post, "/api/templates", "parameters: not a JSON Schema", [422], Bodies.Json(_ => WithMember(Template, "parameters", """{"type":5}""")));
        t.Add(post, "/api/templates", "parameters: nested 40 deep", [400],
            Bodies.Json(_ => WithMember(Template, "parameters", Nested("not", 40))));
        t.Add(post, "/api/templates", "template: nested 40 deep", [400], Bodies.Json(_ => WithMember(Template, "template", Nested("x", 40))));
        t.Add(post, "/api/templates", "description of 4,001 characters", [400],
            Bodies.Json(_ => WithMember(Template, "description", "\"" + new string('d', 4_001) + "\"")));
        t.Oversized(post, "/api/templates", "title", 600 * 1024, "600 KiB");

        t.Tokens(get, "/api/templates", "blueprint");
        t.Paging("/api/templates");
        t.Tokens(get, "/api/templates/{template}", "blueprint");
        t.Add(get, "/api/templates/{foreignTemplate}", "another caller's template", [404]);
        t.Ids(get, "/api/templates/{id}", [404], null, unknownIds);
        t.Tokens(delete, "/api/templates/{template}", "blueprint");
        t.Add(delete, "/api/templates/{foreignTemplate}", "another caller's template", [404]);
        t.Ids(delete, "/api/templates/{id}", [404], null, unknownIds);

        const string instantiate = "/api/templates/{template}/instantiate";
        t.Tokens(post, instantiate, "blueprint", Bodies.Json(_ => Instantiate));
        t.Unreadable(post, instantiate, "parameters");
        t.ContentTypes(post, instantiate, _ => Instantiate);
        t.Members(post, instantiate, _ => Instantiate, new Field("parameters", FieldKind.Document));
        t.Add(post, instantiate, "parameters failing the template's schema", [422],
            Bodies.Json(_ => WithMember(Instantiate, "parameters", """{"lender":""}""")));
        t.Add(post, instantiate, "parameters nested 40 deep", [400], Bodies.Json(_ => WithMember(Instantiate, "parameters", Nested("x", 40))));
        t.Add(post, "/api/templates/{foreignTemplate}/instantiate", "another caller's template", [404], Bodies.Json(_ => Instantiate));
        t.Ids(post, "/api/templates/{id}/instantiate", [404], Bodies.Json(_ => Instantiate), unknownIds);
        t.Oversized(post, instantiate, "parameters", 600 * 1024, "600 KiB");
    }

    private static string WithMember(string document, string name, string json)
    {
        var body = JsonNode.Parse(document)!.AsObject();
        body[name] = JsonNode.Parse(json);
        return body.ToJsonString();
    }

    /// <summary>
    /// The submission's <c>attachments</c>, broken member by member (each 400, the step untaken), one more file than
    /// Limits:Attachments:MaxFiles allows by default (413), and the download route's bad paths.
    /// </summary>
    private static void AttachmentRows(CaseTable t, string submit)
    {
        const string file = """{"name":"a.txt","contentType":"text/plain","content":"YQ=="}""";
        Func<Resources, HttpContent?> With(string attachments) =>
            Bodies.Json(r => r.Fill("""{"sender":"{wallet}","data":""" + Claim + ""","attachments":""" + attachments + "}"));
        foreach (var (what, attachments) in new[]
        {
            ("a string", "\"x\""), ("an object", file), ("[null]", "[null]"), ("[42]", "[42]"),
            ("an entry with an unknown member", file.Replace("}", ",\"x\":1}", StringComparison.Ordinal)),
            ("no name", """[{"contentType":"text/plain","content":"YQ=="}]"""),
            ("an empty name", "[" + file.Replace("a.txt", "", StringComparison.Ordinal) + "]"),
            ("a name with a slash", "[" + file.Replace("a.txt", "etc/passwd", StringComparison.Ordinal) + "]"),
            ("a name with a backslash", "[" + file.Replace("a.txt", "..\\\\a.txt", StringComparison.Ordinal) + "]"),
            ("the name ..", "[" + file.Replace("a.txt", "..", StringComparison.Ordinal) + "]"),
            ("a name with a control character", "[" + file.Replace("a.txt", "a\\u0007.txt", StringComparison.Ordinal) + "]"),
            ("a name with a lone surrogate", "[" + file.Replace("a.txt", "a\\ud800.txt", StringComparison.Ordinal) + "]"),
            ("a name of 256 characters", "[" + file.Replace("a.txt", new string('n', 256), StringComparison.Ordinal) + "]"),
            ("a name that is a number", """[{"name":7,"contentType":"text/plain","content":"YQ=="}]"""),
            ("no contentType", """[{"name":"a.txt","content":"YQ=="}]"""),
            ("a contentType without a subtype", "[" + file.Replace("text/plain", "text", StringComparison.Ordinal) + "]"),
            ("a contentType with a space", "[" + file.Replace("text/plain", "text/pl ain", StringComparison.Ordinal) + "]"),
            ("a contentType with a bare parameter", "[" + file.Replace("text/plain", "text/plain; charset", StringComparison.Ordinal) + "]"),
            ("no content", """[{"name":"a.txt","contentType":"text/plain"}]"""),
            ("content without padding", "[" + file.Replace("YQ==", "YQ", StringComparison.Ordinal) + "]"),
            ("content in the URL alphabet", "[" + file.Replace("YQ==", "-_8=", StringComparison.Ordinal) + "]"),
            ("content with a space", "[" + file.Replace("YQ==", "Y Q==", StringComparison.Ordinal) + "]"),
            ("content that is a number", """[{"name":"a.txt","contentType":"text/plain","content":1}]"""),
        })
        {
            t.Add(HttpMethod.Post, submit, "attachments: " + what, [400], With(attachments));
        }

        t.Add(HttpMethod.Post, submit, "attachments: five files (over Limits:Attachments:MaxFiles)", [413],
            With("[" + string.Join(",", Enumerable.Repeat(file, 5)) + "]"));

        const string download = "/api/instances/{instance}/attachments/{unknownTx}/0";
        t.Tokens(HttpMethod.Get, download, "blueprint");
        t.Add(HttpMethod.Get, download, "a transaction the instance does not have", [404]);
        t.Ids(HttpMethod.Get, "/api/instances/{id}/attachments/{unknownTx}/0", [404], null, CaseTable.MalformedIds("{unknown}"));
        t.Ids(HttpMethod.Get, "/api/instances/{instance}/attachments/{id}/0", [404], null, CaseTable.MalformedIds("{unknownTx}"));
        foreach (var index in new[] { "-1", "x", "01", "1.5", "9999999999", "%20" })
        {
            t.Add(HttpMethod.Get, "/api/instances/{instance}/attachments/{unknownTx}/" + index, "index: " + index, [400]);
        }
    }

    /// <summary>Ways to break a blueprint document that only its shape check (400) can see.</summary>
    private static IEnumerable<(string What, Action<JsonObject> Change)> DocumentBreakers()
    {
        yield return ("participants: a number", b => b["participants"] = 5);
        yield return ("participants: an object", b => b["participants"] = new JsonObject());
        yield return ("participants: null", b => b["participants"] = null);
        yield return ("participants: [null]", b => b["participants"] = new JsonArray((JsonNode?)null));
        yield return ("participants: 101", b => b["participants"] = new JsonArray([.. Enumerable.Range(0, 101)
            .Select(i => (JsonNode?)new JsonObject { ["id"] = $"p{i}", ["name"] = "n" })]));
        yield return ("participant id with a slash", b => b["participants"]![0]!["id"] = "a/b");
        yield return ("participant with an unknown member", b => b["participants"]![0]!["role"] = "x");
        yield return ("actions: a string", b => b["actions"] = "x");
        yield return ("actions: [null]", b => b["actions"] = new JsonArray((JsonNode?)null));
        yield return ("action id of 65 characters", b => b["actions"]![0]!["id"] = new string('a', 65));
        yield return ("action with an unknown member", b => b["actions"]![0]!["owner"] = "x");
        yield return ("dataSchema: a number", b => b["actions"]![0]!["dataSchema"] = 5);
        yield return ("dataSchema nested 40 deep", b => b["actions"]![0]!["dataSchema"] = JsonNode.Parse(Nested("not", 40)));
        yield return ("calculations: an array", b => b["actions"]![0]!["calculations"] = new JsonArray());
        yield return ("calculations nested 40 deep", b => b["actions"]![0]!["calculations"] = new JsonObject
        {
            ["x"] = JsonNode.Parse(Nested("!", 40)),
        });
        yield return ("route condition nested 40 deep", b => b["actions"]![0]!["routes"]![0]!["condition"] = JsonNode.Parse(Nested("!", 40)));
        yield return ("rejection: a string", b => b["actions"]![1]!["rejection"] = "back");
        yield return ("rejection with an unknown member", b => b["actions"]![1]!["rejection"] = new JsonObject { ["to"] = "submit" });
        yield return ("routes: [null]", b => b["actions"]![0]!["routes"] = new JsonArray((JsonNode?)null));
        yield return ("disclosure pointers: [null]", b => b["actions"]![0]!["disclosures"]![0]!["pointers"] = new JsonArray((JsonNode?)null));
        yield return ("version: a string of letters", b => b["version"] = "abc");
        yield return ("published: a string", b => b["published"] = "yes");
        yield return ("id: a number", b => b["id"] = 5);
    }

    private static string Changed(Action<JsonObject> change)
    {
        var blueprint = JsonNode.Parse(Sample)!.AsObject();
        change(blueprint);
        return blueprint.ToJsonString();
    }

    /// <summary><c>{"op":{"op":…{}…}}</c>, <paramref name="depth"/> levels.</summary>
    private static string Nested(string op, int depth) =>
        string.Concat(Enumerable.Repeat($"{{\"{op}\":", depth)) + "{}" + new string('}', depth);
}
