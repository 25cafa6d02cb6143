using System.Text;
using System.Text.Json.Nodes;

namespace Sorcha.Testing.BadInput;

/// <summary>
/// A suite's cases by name. The families below are generated per route from a valid request, so that every route of
/// docs/api.md gets the same treatment: refused tokens, unreadable bodies, wrong content types, each member broken.
/// </summary>
public sealed class CaseTable
{
    private static readonly Caller[] RefusedTokens =
    [
        Caller.Anonymous, Caller.Garbage, Caller.OtherSecret, Caller.Expired, Caller.WrongAudience, Caller.WrongIssuer,
        Caller.AlgNone, Caller.NoSubject, Caller.BasicScheme,
    ];

    private readonly Dictionary<string, BadInputCase> _cases = new(StringComparer.Ordinal);

    public IReadOnlyDictionary<string, BadInputCase> All => _cases;

    public TheoryData<string> Names()
    {
        var names = new TheoryData<string>();
        foreach (var name in _cases.Keys)
        {
            names.Add(name);
        }

        return names;
    }

    /// <summary>The cases <paramref name="keep"/> picks (e.g. the gateway's token checks, or all but those).</summary>
    public CaseTable Where(Func<BadInputCase, bool> keep)
    {
        var table = new CaseTable();
        foreach (var badCase in _cases.Values.Where(keep))
        {
            table.Add(badCase);
        }

        return table;
    }

    public void Add(BadInputCase badCase)
    {
        if (!_cases.TryAdd(badCase.Name, badCase))
        {
            throw new InvalidOperationException("Two cases are called " + badCase.Name);
        }
    }

    public void Add(HttpMethod method, string path, string what, int[] expected, Func<Resources, HttpContent?>? body = null,
        Caller caller = Caller.Owner) =>
        Add(new BadInputCase($"{method} {path} · {what}", method, path, expected) { Body = body, Caller = caller });

    /// <summary>Every token that must be refused (401), through the gateway; two of them straight at the owning service.</summary>
    public void Tokens(HttpMethod method, string path, string service, Func<Resources, HttpContent?>? body = null)
    {
        foreach (var caller in RefusedTokens)
        {
            Add(method, path, "token: " + caller, [401], body, caller);
        }

        foreach (var caller in new[] { Caller.OtherSecret, Caller.NoSubject })
        {
            Add(new BadInputCase($"{method} {path} · token: {caller}, straight to the {service} service", method, path, [401])
            {
                Body = body,
                Caller = caller,
                Service = service,
            });
        }
    }

    /// <summary>Bodies no JSON reader should accept, or that are not the object the route reads.</summary>
    public void Unreadable(HttpMethod method, string path, string stringField)
    {
        var bodies = new (string What, Func<byte[]> Bytes)[]
        {
            ("truncated JSON", () => Utf8("{\"" + stringField + "\":")),
            ("not JSON", () => Utf8("hello")),
            ("empty body", () => []),
            ("an array", () => Utf8("[]")),
            ("a string", () => Utf8("\"text\"")),
            ("a number", () => Utf8("42")),
            ("null", () => Utf8("null")),
            ("trailing garbage", () => Utf8("{} x")),
            ("single quotes", () => Utf8("{'" + stringField + "':'x'}")),
            ("a comment", () => Utf8("{/* c */}")),
            ("a trailing comma", () => Utf8("{\"" + stringField + "\":\"x\",}")),
            ("NaN", () => Utf8("{\"" + stringField + "\":NaN}")),
            ("arrays nested 10,000 deep", () => Utf8(Bodies.Nested('[', ']', 10_000))),
            ("objects nested 10,000 deep", () => Utf8(Bodies.NestedObjects(10_000))),
            ("invalid UTF-8", () => [.. Utf8("{\"" + stringField + "\":\""), 0xFF, 0xFE, .. Utf8("\"}")]),
            ("a lone surrogate escape", () => Utf8("{\"" + stringField + "\":\"\\ud800\"}")),
            ("a control character in a string", () => Utf8("{\"" + stringField + "\":\"a\u0001b\"}")),
        };
        foreach (var (what, bytes) in bodies)
        {
            Add(method, path, "body: " + what, [400], _ => Bodies.Raw(bytes(), "application/json"));
        }
    }

    /// <summary>A valid body sent as something other than JSON (or with no content type): 415.</summary>
    public void ContentTypes(HttpMethod method, string path, Func<Resources, string> validBody)
    {
        foreach (var type in new string?[] { "text/plain", "application/xml", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", null })
        {
            Add(method, path, "content type: " + (type ?? "none"), [415], r => Bodies.Raw(Utf8(validBody(r)), type));
        }
    }

    /// <summary>A body of <paramref name="bytes"/> (a JSON string member that long): over the route's limit.</summary>
    public void Oversized(HttpMethod method, string path, string field, int bytes, string label)
    {
        Add(method, path, $"body: {label} (over the limit)", [413], _ =>
        {
            var text = new StringBuilder(bytes + 32).Append("{\"").Append(field).Append("\":\"").Append('A', bytes).Append("\"}");
            return Bodies.Text(text.ToString());
        });
    }

    /// <summary>Each member of a valid body broken in turn: left out, wrong type, null, empty, huge, given twice; plus an unknown member.</summary>
    public void Members(HttpMethod method, string path, Func<Resources, string> validBody, params Field[] fields)
    {
        foreach (var field in fields)
        {
            if (field.Required)
            {
                Add(method, path, $"{field.Name}: left out", field.Missing, Mutated(validBody, o => o.Remove(field.Name)));
            }

            foreach (var (what, value, huge) in WrongValues(field))
            {
                // A huge value may meet the route's body limit first: 413 is as right as the member's own 400.
                Add(method, path, $"{field.Name}: {what}", huge ? [.. field.Wrong, 413] : field.Wrong,
                    Mutated(validBody, o => o[field.Name] = value()));
            }

            Add(method, path, $"{field.Name}: given twice", [400], r =>
            {
                // Written out as text: a JsonObject cannot hold a member twice. Absent from the valid body, it is added twice.
                var body = validBody(r);
                var node = JsonNode.Parse(body)!.AsObject();
                var member = "\"" + field.Name + "\":" + (node[field.Name]?.ToJsonString() ?? "\"x\"") + ",";
                return Bodies.Text("{" + member + (node.ContainsKey(field.Name) ? "" : member) + body.TrimStart()[1..]);
            });
        }

        Add(method, path, "an unknown member", [400], Mutated(validBody, o => o["unexpected"] = "x"));
        Add(method, path, "a misspelt member", [400], Mutated(validBody, o => o[fields[0].Name + "s"] = o[fields[0].Name]?.DeepClone()));
    }

    /// <summary>The route with each of <paramref name="ids"/> in place of <c>{id}</c> in <paramref name="pathTemplate"/>.</summary>
    public void Ids(HttpMethod method, string pathTemplate, int[] expected, Func<Resources, HttpContent?>? body,
        params (string What, string Id)[] ids)
    {
        foreach (var (what, id) in ids)
        {
            Add(new BadInputCase($"{method} {pathTemplate} · id: {what}", method, pathTemplate.Replace("{id}", id, StringComparison.Ordinal),
                expected) { Body = body });
        }
    }

    /// <summary>page and pageSize outside api.md's bounds, or not numbers: 400.</summary>
    public void Paging(string path)
    {
        foreach (var query in new[] { "page=0", "page=-1", "page=abc", "page=1.5", "page=99999999999", "pageSize=0", "pageSize=101", "pageSize=-5", "pageSize=x1" })
        {
            Add(new BadInputCase($"GET {path} · paging: {query}", HttpMethod.Get, $"{path}{(path.Contains('?') ? '&' : '?')}{query}", [400]));
        }
    }

    /// <summary>Malformed ids every route with an id in its path should treat as unknown (or malformed) and nothing else.</summary>
    public static (string What, string Id)[] MalformedIds(string unknownButWellFormed) =>
    [
        ("unknown, well-formed", unknownButWellFormed),
        ("one character", "x"),
        ("4,000 characters", new string('a', 4000)),
        ("in upper case", unknownButWellFormed.StartsWith('{') ? unknownButWellFormed[..^1] + ":upper}" : unknownButWellFormed.ToUpperInvariant()),
        ("percent-encoded slash", "a%2Fb"),
        ("percent-encoded braces", "%7Bbp%3Ax%7D"),
        ("non-ASCII", "%C3%A9t%C3%A9"),
        ("a right-to-left override", "%E2%80%AEabc"),
        ("SQL-ish", "x'%3B%20DROP%20TABLE"),
    ];

    private static IEnumerable<(string What, Func<JsonNode?> Value, bool Huge)> WrongValues(Field field)
    {
        switch (field.Kind)
        {
            case FieldKind.Text or FieldKind.Base64:
                yield return ("a number", () => 12345, false);
                yield return ("a boolean", () => true, false);
                yield return ("an array", () => new JsonArray("x"), false);
                yield return ("an object", () => new JsonObject { ["x"] = 1 }, false);
                if (field.Required)
                {
                    yield return ("null", () => null, false);
                }

                break;
            case FieldKind.Document:
                yield return ("a number", () => 12345, false);
                yield return ("a string", () => "x", false);
                yield return ("an array", () => new JsonArray(), false);
                break;
        }

        if (field.Kind == FieldKind.Text)
        {
            yield return ("empty", () => "", false);
            yield return ("300,000 characters", () => new string('x', 300_000), true);
        }

        if (field.Kind == FieldKind.Base64)
        {
            foreach (var bad in new[] { "not base64!", "AAA", "AAAA\n", "A===", "-_-_", "AA AA", "AAAAA===" })
            {
                yield return ($"base64 '{bad.Replace("\n", "\\n", StringComparison.Ordinal)}'", () => bad, false);
            }
        }

        if (field.Kind == FieldKind.Any)
        {
            yield return ("nested 40 deep", () => JsonNode.Parse(Bodies.Nested('[', ']', 40)), false);
        }
    }

    private static Func<Resources, HttpContent?> Mutated(Func<Resources, string> validBody, Action<JsonObject> change) => r =>
    {
        var body = JsonNode.Parse(validBody(r))!.AsObject();
        change(body);
        return Bodies.Text(body.ToJsonString());
    };

    private static byte[] Utf8(string text) => Encoding.UTF8.GetBytes(text);
}
