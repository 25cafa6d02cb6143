using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts;
using Sorcha.Contracts.Registers;

namespace Sorcha.Testing.BadInput.Routes;

/// <summary>
/// Every register and transaction route of docs/api.md, fed bad input: each answer is a 4xx problem, no register
/// appears, the register's height and head stay, and the one valid transaction the cases are cut from never commits.
/// One table for both services: the cases share their resources (a register with a sealed transaction, and a signed
/// one pending). The gateway's token checks run cross-process (Sorcha.IntegrationTests); every other case in process,
/// the register routes' against the Register service (Sorcha.Register.Service.Tests), the transaction routes' against
/// the Transaction service (Sorcha.Transaction.Service.Tests).
/// </summary>
public abstract class RegisterAndTransactionRoutesSuite(BadInputTarget target) : BadInputSuite(target)
{
    public static readonly CaseTable All = Build();

    /// <summary>A case of the Transaction service's routes (/api/transactions…); the rest are the Register service's.</summary>
    public static bool IsTransactionRoute(BadInputCase c) => c.Path.StartsWith("/api/transactions", StringComparison.Ordinal);

    protected override async Task<Resources> CreateResourcesAsync(HttpClient owner, HttpClient foreign)
    {
        var client = new SorchaClient(owner);
        var register = (await client.Registers.CreateAsync("bad input")).Id;
        var committed = TransactionSigner.Generate().Sign(register, new JsonObject { ["n"] = Guid.NewGuid().ToString("N") });
        await client.Transactions.SubmitAsync(committed.Transaction);
        await WaitUntilSealedAsync(client, register);

        // Cut every submission case from this one: signed and valid, so only the change made by a case is wrong.
        var pending = TransactionSigner.Generate().Sign(register, new JsonObject { ["n"] = Guid.NewGuid().ToString("N") });
        return new Resources(new Dictionary<string, string>
        {
            ["register"] = register,
            ["txId"] = committed.TxId,
            ["wallet"] = committed.Transaction.Sender,
            ["pending"] = JsonSerializer.Serialize(pending.Transaction, SorchaJsonContext.Default.TransactionDocument),
            ["pendingTxId"] = pending.TxId,
            ["unknownRegister"] = Guid.NewGuid().ToString("N"),
            ["unknownTxId"] = Convert.ToHexStringLower(System.Security.Cryptography.RandomNumberGenerator.GetBytes(32)),
        });
    }

    // The docket cases read docket 0: wait until the committed transaction is sealed into it.
    private static async Task WaitUntilSealedAsync(SorchaClient client, string register)
    {
        var until = DateTime.UtcNow.AddSeconds(20);
        while ((await client.Registers.GetDocketsAsync(register)).TotalCount == 0)
        {
            Assert.True(DateTime.UtcNow < until, $"register {register}: no docket sealed within 20 s");
            await Task.Delay(100);
        }
    }

    protected override async Task<string> SnapshotAsync(HttpClient owner, HttpClient foreign, Resources resources)
    {
        var register = await owner.GetStringAsync($"/api/registers/{resources["register"]}");
        var total = (await Json.GetAsync<Paged<RegisterDto>>(owner, "/api/registers?pageSize=1")).TotalCount;
        using var pending = await owner.GetAsync($"/api/transactions/{resources["pendingTxId"]}");
        var writers = await owner.GetStringAsync($"/api/registers/{resources["register"]}/writers");
        return $"{register} registers={total} pending={(int)pending.StatusCode} writers={writers}";
    }

    private static CaseTable Build()
    {
        var t = new CaseTable();
        var get = HttpMethod.Get;
        var post = HttpMethod.Post;
        var unknownRegisters = CaseTable.MalformedIds("{unknownRegister}");

        const string create = """{"name":"bad input"}""";
        t.Tokens(post, "/api/registers", "register", Bodies.Json(create));
        t.Unreadable(post, "/api/registers", "name");
        t.ContentTypes(post, "/api/registers", _ => create);
        t.Members(post, "/api/registers", _ => create, new Field("name", FieldKind.Text));
        t.Add(post, "/api/registers", "name of 101 characters", [400], Bodies.Json($$"""{"name":"{{new string('n', 101)}}"}"""));
        t.Add(post, "/api/registers", "name of white space", [400], Bodies.Json("""{"name":" \t "}"""));
        t.Oversized(post, "/api/registers", "name", 3 * 1024 * 1024, "3 MiB");

        t.Tokens(get, "/api/registers", "register");
        t.Paging("/api/registers");
        foreach (var suffix in new[] { "", "/transactions", "/dockets", "/verify", "/export", "/stats", "/transactions?instanceId=i" })
        {
            t.Tokens(get, "/api/registers/{register}" + suffix, "register");
            t.Ids(get, "/api/registers/{id}" + suffix, [404], null, unknownRegisters);
        }

        t.Paging("/api/registers/{register}/transactions");
        t.Paging("/api/registers/{register}/transactions?wallet={wallet}&blueprintId=b");

        // Register indexes: the filters' values (a wallet address; ids of 1 to 256 characters).
        foreach (var (what, query) in new[]
        {
            ("wallet: not an address", "wallet=ws1nope"), ("wallet: empty", "wallet="), ("wallet: in upper case", "wallet={wallet:upper}"),
            ("wallet: 4,000 characters", "wallet=" + new string('w', 4000)), ("blueprintId: empty", "blueprintId="),
            ("blueprintId: 257 characters", "blueprintId=" + new string('b', 257)), ("instanceId: empty", "instanceId="),
            ("instanceId: 4,000 characters", "instanceId=" + new string('i', 4000)),
        })
        {
            t.Add(get, "/api/registers/{register}/transactions?" + query, "filter " + what, [400]);
        }
        t.Paging("/api/registers/{register}/dockets");
        foreach (var suffix in new[] { "", "/proof" })
        {
            t.Tokens(get, "/api/registers/{register}/transactions/{txId}" + suffix, "register");
            t.Ids(get, "/api/registers/{register}/transactions/{id}" + suffix, [404], null, CaseTable.MalformedIds("{unknownTxId}"));
            t.Ids(get, "/api/registers/{id}/transactions/{txId}" + suffix, [404], null, unknownRegisters[..3]);
        }

        t.Tokens(get, "/api/registers/{register}/dockets/0", "register");
        t.Ids(get, "/api/registers/{register}/dockets/{id}", [404], null, ("not sealed yet", "99999"), ("negative", "-1"),
            ("not a number", "abc"), ("a fraction", "1.5"), ("over a long", "99999999999999999999999"), ("hex", "0x1"));
        t.Ids(get, "/api/registers/{id}/dockets/0", [404], null, unknownRegisters[..3]);

        // The owner's life-cycle routes: a stranger gets the 404 of an unknown id; only an archived register is deleted.
        // (No case archives: the register the cases share must stay open.)
        const string patch = """{"name":"bad input"}""";
        var patchMethod = HttpMethod.Patch;
        const string register = "/api/registers/{register}";
        t.Tokens(patchMethod, register, "register", Bodies.Json(patch));
        t.Unreadable(patchMethod, register, "name");
        t.ContentTypes(patchMethod, register, _ => patch);
        t.Ids(patchMethod, "/api/registers/{id}", [404], Bodies.Json(patch), unknownRegisters[..3]);
        t.Add(patchMethod, register, "by another caller", [404], Bodies.Json(patch), Caller.Foreign);
        foreach (var (what, body) in new[]
        {
            ("name: null (a name cannot be removed)", """{"name":null}"""), ("name: blank", """{"name":"  "}"""),
            ("name: 101 characters", $$"""{"name":"{{new string('n', 101)}}"}"""), ("name: a number", """{"name":5}"""),
            ("description: 1,001 characters", $$"""{"description":"{{new string('d', 1001)}}"}"""),
            ("description: an object", """{"description":{}}"""), ("an unknown member", """{"nmae":"x"}"""),
            ("name: given twice", """{"name":"a","name":"b"}"""),
        })
        {
            t.Add(patchMethod, register, what, [400], Bodies.Json(body));
        }

        t.Tokens(post, register + "/archive", "register");
        t.Ids(post, "/api/registers/{id}/archive", [404], null, unknownRegisters[..3]);
        t.Add(post, register + "/archive", "by another caller", [404], null, Caller.Foreign);
        t.Tokens(HttpMethod.Delete, register, "register");
        t.Ids(HttpMethod.Delete, "/api/registers/{id}", [404], null, unknownRegisters[..3]);
        t.Add(HttpMethod.Delete, register, "by another caller", [404], null, Caller.Foreign);
        t.Add(HttpMethod.Delete, register, "not archived", [409]);

        // Register trees: the consistency proof's query.
        const string consistency = "/api/registers/{register}/consistency";
        t.Tokens(get, consistency + "?from=0&to=0", "register");
        t.Ids(get, "/api/registers/{id}/consistency?from=0&to=0", [404], null, unknownRegisters[..3]);
        foreach (var (what, query, expected) in new (string, string, int[])[]
        {
            ("no query", "", [400]), ("from left out", "?to=0", [400]), ("from: not a number", "?from=abc&to=0", [400]),
            ("from: negative", "?from=-1&to=0", [400]), ("from after to", "?from=1&to=0", [400]),
            ("from: a fraction", "?from=0.5&to=1", [400]), ("to: over a long", "?from=0&to=99999999999999999999999", [400]),
            ("to: not sealed yet", "?from=0&to=99999", [404]),
        })
        {
            t.Add(get, consistency + query, what, expected);
        }

        // Write rights: only the owner grants, and only the owner and writers see the list.
        const string writers = "/api/registers/{register}/writers";
        t.Tokens(get, writers, "register");
        t.Tokens(HttpMethod.Put, writers + "/someone", "register");
        t.Tokens(HttpMethod.Delete, writers + "/someone", "register");
        t.Ids(get, "/api/registers/{id}/writers", [404], null, unknownRegisters[..3]);
        t.Ids(HttpMethod.Put, "/api/registers/{id}/writers/someone", [404], null, unknownRegisters[..3]);
        t.Add(get, writers, "by another caller", [403], null, Caller.Foreign);
        t.Add(HttpMethod.Put, writers + "/someone", "by another caller", [403], null, Caller.Foreign);
        t.Add(HttpMethod.Put, writers + "/bad-input-foreign", "another caller granting itself", [403], null, Caller.Foreign);
        t.Add(HttpMethod.Delete, writers + "/someone", "by another caller", [403], null, Caller.Foreign);
        t.Add(HttpMethod.Put, writers + "/a%01b", "subject: a control character", [400]);
        t.Add(HttpMethod.Put, writers + "/%20%20", "subject: white space", [400]);
        t.Add(HttpMethod.Put, writers + "/" + new string('s', 257), "subject: 257 characters", [400]);
        t.Add(post, "/api/transactions", "into another caller's register", [403], Bodies.Json(r => r["pending"]), Caller.Foreign);

        t.Tokens(get, "/api/transactions", "transaction");
        t.Tokens(get, "/api/transactions/{txId}", "transaction");
        t.Ids(get, "/api/transactions/{id}", [400, 404], null, CaseTable.MalformedIds("{unknownTxId}"));

        Func<Resources, string> pending = r => r["pending"];
        t.Tokens(post, "/api/transactions", "transaction", Bodies.Json(pending));
        t.Unreadable(post, "/api/transactions", "registerId");
        t.ContentTypes(post, "/api/transactions", pending);
        t.Members(post, "/api/transactions", pending, new Field("registerId", FieldKind.Text), new Field("sender", FieldKind.Text),
            new Field("algorithm", FieldKind.Text), new Field("publicKey", FieldKind.Base64),
            new Field("payload", FieldKind.Any) { Wrong = [400, 422] }, new Field("timestamp", FieldKind.Text),
            new Field("signature", FieldKind.Base64), new Field("metadata", FieldKind.Document, Required: false));
        foreach (var (what, payload) in new[]
        {
            ("a number too large for a double", "1e400"), ("an integer above 2^64", "123456789012345678901234567890"),
            ("a lone surrogate", "\"\\ud800\""), ("a member given twice", """{"a":1,"a":2}"""), ("negative zero", "-0"),
        })
        {
            t.Add(post, "/api/transactions", "payload: " + what + ", after signing", [400, 422],
                Bodies.Json(r => WithPayload(r["pending"], payload)));
        }

        t.Add(post, "/api/transactions", "signature of another transaction", [422],
            Bodies.Json(r => With(r["pending"], "payload", new JsonObject { ["n"] = "changed" })));
        t.Add(post, "/api/transactions", "unknown register", [422], Bodies.Json(r => With(r["pending"], "registerId", r["unknownRegister"])));
        t.Add(post, "/api/transactions", "timestamp with an offset", [400], Bodies.Json(r => With(r["pending"], "timestamp", "2025-01-01T00:00:00+01:00")));
        t.Add(post, "/api/transactions", "timestamp on 30 February", [400], Bodies.Json(r => With(r["pending"], "timestamp", "2025-02-30T00:00:00Z")));
        t.Add(post, "/api/transactions", "metadata: null", [400], Bodies.Json(r => With(r["pending"], "metadata", null)));
        t.Add(post, "/api/transactions", "metadata: an unknown member", [400], Bodies.Json(r => With(r["pending"], "metadata",
            new JsonObject { ["type"] = "Action", ["blueprintId"] = "b", ["instanceId"] = "i", ["actionId"] = "a", ["extra"] = 1 })));
        t.Oversized(post, "/api/transactions", "registerId", 3 * 1024 * 1024, "3 MiB");

        Func<Resources, string> batch = r => "{\"transactions\":[" + r["pending"] + "]}";
        t.Tokens(post, "/api/transactions/batch", "transaction", Bodies.Json(batch));
        t.Unreadable(post, "/api/transactions/batch", "transactions");
        t.ContentTypes(post, "/api/transactions/batch", batch);
        foreach (var (what, body) in new[]
        {
            ("transactions: left out", "{}"), ("transactions: a number", """{"transactions":5}"""),
            ("transactions: an object", """{"transactions":{}}"""), ("transactions: null", """{"transactions":null}"""),
            ("transactions: empty", """{"transactions":[]}"""), ("transactions: given twice", """{"transactions":[],"transactions":[1]}"""),
            ("an unknown member", """{"transactions":[1],"unexpected":true}"""),
            ("1,001 items", "{\"transactions\":[" + string.Join(',', Enumerable.Repeat("{}", 1001)) + "]}"),
        })
        {
            t.Add(post, "/api/transactions/batch", what, [400], Bodies.Json(body));
        }

        foreach (var (what, items) in new (string, Func<Resources, string>)[]
        {
            ("numbers", _ => "1,2"), ("null", _ => "null"), ("a string", _ => "\"x\""), ("an empty object", _ => "{}"),
            ("an array", _ => "[]"), ("1,000 empty objects", _ => string.Join(',', Enumerable.Repeat("{}", 1000))),
            ("a transaction signed over other bytes", r => With(r["pending"], "payload", new JsonObject { ["n"] = "changed" })),
            ("a transaction for an unknown register", r => With(r["pending"], "registerId", r["unknownRegister"])),
            ("a transaction with an unknown member", r => With(r["pending"], "unexpected", true)),
        })
        {
            t.Add(new BadInputCase($"POST /api/transactions/batch · items: {what}", post, "/api/transactions/batch", [200])
            {
                Body = Bodies.Json(r => "{\"transactions\":[" + items(r) + "]}"),
                BatchItems = true,
            });
        }

        t.Oversized(post, "/api/transactions/batch", "transactions", 20 * 1024 * 1024, "20 MiB");
        return t;
    }

    private static string With(string json, string member, JsonNode? value)
    {
        var node = JsonNode.Parse(json)!.AsObject();
        node[member] = value;
        return node.ToJsonString();
    }

    /// <summary>The payload spliced in as text, for values a JsonNode would not keep as sent.</summary>
    private static string WithPayload(string json, string payloadText)
    {
        var node = JsonNode.Parse(json)!.AsObject();
        node["payload"] = "__PAYLOAD__";
        return node.ToJsonString().Replace("\"__PAYLOAD__\"", payloadText, StringComparison.Ordinal);
    }
}
