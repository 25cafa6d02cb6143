using System.Net;
using System.Net.Http.Headers;
using System.Text.Json.Nodes;
using Sorcha.Contracts.Instances;
using Sorcha.Contracts.LinkedData;
using Sorcha.Contracts.Registers;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.IntegrationTests.OpenApi;
using Sorcha.Testing.Platform.OpenApi;
using Sorcha.Testing.Registers;
using Xunit.Abstractions;

namespace Sorcha.IntegrationTests.LinkedData;

/// <summary>
/// <c>Accept: application/ld+json</c> on a blueprint, a blueprint version, an instance and a committed transaction
/// (docs/api.md, "JSON-LD"), checked by a real JSON-LD 1.1 processor: jsonld.js 9 (samples/clients/typescript,
/// src/linked-data.ts) dereferences each document through the OpenAPI-checking proxy, expands it in safe mode with the
/// context it fetches from the gateway, and compacts it again. Raw JSON throughout: the linked-data shape is the wire
/// shape under test.
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class LinkedDataTests(PlatformFixture platform, ITestOutputHelper output)
{
    private const string Dcterms = "http://purl.org/dc/terms/";

    [SkippableFact]
    public async Task Blueprints_instances_and_transactions_expand_with_a_real_processor_and_compact_back_to_the_same_document()
    {
        var sample = await TypeScriptSample.FolderAsync();
        var caller = $"ld-{Guid.NewGuid():N}";
        using var client = await platform.ClientAsync(caller);
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(client);
        await Json.PostAsync<SubmitActionResponse>(client, $"/api/instances/{instance}/actions/submit",
            new { sender = wallet, data = InstanceFlows.Claim }, HttpStatusCode.Created);
        var state = await Json.GetAsync<InstanceDto>(client, $"/api/instances/{instance}");
        // A transaction's docketNumber is set when its docket seals (about 1 s after the commit): both reads of it, the
        // JSON-LD one and the plain one compared with it, come after that, so that they read the same transaction.
        var height = (await Json.GetAsync<RegisterDto>(client, $"/api/registers/{state.RegisterId}")).Height;
        RegisterFlows.AssertContiguous(await RegisterFlows.WaitUntilSealedAsync(client, state.RegisterId, height), height, state.RegisterId);
        string[] paths =
        [
            $"/api/blueprints/{state.BlueprintId}", $"/api/blueprints/{state.BlueprintId}/versions/{state.BlueprintVersion}",
            $"/api/instances/{instance}", $"/api/registers/{state.RegisterId}/transactions/{state.TxIds[0]}",
        ];

        await using var proxy = await ValidatingProxy.StartAsync(platform.Gateway.BaseAddress!,
            platform.Validating(new SocketsHttpHandler { AllowAutoRedirect = false, UseCookies = false }));
        var (exitCode, stdout, stderr) = await TypeScriptSample.RunAsync(sample, ["src/linked-data.ts", proxy.Address.ToString(), .. paths],
            new Dictionary<string, string> { ["SORCHA_TOKEN"] = await platform.TokenAsync(caller) }, TimeSpan.FromSeconds(60));
        output.WriteLine(stdout);
        Assert.True(proxy.Violations.Count == 0, "OpenAPI violations:\n" + string.Join("\n", proxy.Violations));
        Assert.True(exitCode == 0, $"node exited {exitCode}:\n{stdout}\n{stderr}");

        var linked = stdout.Split('\n').Where(l => l.StartsWith("linked ", StringComparison.Ordinal))
            .Select(l => JsonNode.Parse(l["linked ".Length..])!.AsObject()).ToDictionary(l => (string)l["path"]!);
        Assert.Equal(paths.Order(), linked.Keys.Order());
        string[] types = [LinkedDataContext.BlueprintType, LinkedDataContext.BlueprintType, LinkedDataContext.InstanceType, LinkedDataContext.TransactionType];
        foreach (var (path, type) in paths.Zip(types))
        {
            await AssertLinkedAsync(client, linked[path], path, type);
        }

        // What the terms mean: Dublin Core's title; schemas and the participant map as JSON literals, whole.
        var blueprint = Expanded(linked[paths[0]]);
        var title = (string)linked[paths[0]]["document"]!["title"]!;
        Assert.Equal(title, (string)blueprint[Dcterms + "title"]![0]!["@value"]!);
        var action = blueprint[LinkedDataContext.Vocabulary + "actions"]![0]!["@list"]![0]!;
        var schema = action[LinkedDataContext.Vocabulary + "dataSchema"]![0]!;
        Assert.Equal("@json", (string)schema["@type"]!);
        Assert.True(JsonNode.DeepEquals(linked[paths[0]]["document"]!["actions"]![0]!["dataSchema"], schema["@value"]));
        var wallets = Expanded(linked[paths[2]])[LinkedDataContext.Vocabulary + "participantWallets"]![0]!;
        Assert.True(JsonNode.DeepEquals(JsonNode.Parse($$"""{"employee":"{{wallet}}","manager":"{{wallet}}","finance":"{{wallet}}"}"""), wallets["@value"]));
    }

    [Fact]
    public async Task Plain_json_stays_the_default_and_problems_stay_problem_documents()
    {
        using var client = await platform.ClientAsync($"ld-default-{Guid.NewGuid():N}");
        var id = (await BlueprintFlows.CreateAsync(client, BlueprintFlows.Sample("expense-approval"))).Id!;
        foreach (var accept in (string?[])[null, "*/*", "application/json", "application/json, application/ld+json;q=0.5", "application/ld+json;q=0"])
        {
            using var request = new HttpRequestMessage(HttpMethod.Get, $"/api/blueprints/{id}");
            if (accept is not null)
            {
                request.Headers.TryAddWithoutValidation("Accept", accept);
            }

            using var response = await client.SendAsync(request);
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
            Assert.Contains("Accept", response.Headers.Vary);
            Assert.Null(JsonNode.Parse(await response.Content.ReadAsStringAsync())!["@context"]);
        }

        using var unknown = new HttpRequestMessage(HttpMethod.Get, $"/api/blueprints/{Guid.NewGuid():N}");
        unknown.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(LinkedDataContext.MediaType));
        using var missing = await client.SendAsync(unknown);
        await ProblemAssert.ReadAsync(missing, HttpStatusCode.NotFound);
    }

    [Fact]
    public async Task The_context_is_served_anonymously_cached_and_revalidated()
    {
        using var anonymous = new HttpClient { BaseAddress = platform.Gateway.BaseAddress };
        using var response = await anonymous.GetAsync(LinkedDataContext.Path);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(LinkedDataContext.MediaType, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("*", response.Headers.GetValues("Access-Control-Allow-Origin").Single());
        Assert.True(response.Headers.CacheControl?.Public);
        Assert.True(JsonNode.DeepEquals(JsonNode.Parse(LinkedDataContext.Json), JsonNode.Parse(await response.Content.ReadAsStringAsync())));

        using var again = new HttpRequestMessage(HttpMethod.Get, LinkedDataContext.Path);
        again.Headers.IfNoneMatch.Add(response.Headers.ETag!);
        using var revalidated = await anonymous.SendAsync(again);
        Assert.Equal(HttpStatusCode.NotModified, revalidated.StatusCode);
    }

    /// <summary>
    /// One document: JSON-LD media type; its JSON answer plus exactly the three keywords; an absolute @id on the origin
    /// its @context names, which the processor loaded; the expansion's node is that @id and type; and compacting the
    /// expansion gives the document back (members whose value is null aside: JSON-LD drops them by design).
    /// </summary>
    private static async Task AssertLinkedAsync(HttpClient client, JsonObject run, string path, string type)
    {
        Assert.Equal(LinkedDataContext.MediaType, ((string)run["contentType"]!).Split(';')[0]);
        var document = run["document"]!.AsObject();
        var context = new Uri((string)document["@context"]!);
        Assert.Equal(LinkedDataContext.Path, context.AbsolutePath);
        Assert.Equal(new Uri(context, path), new Uri((string)document["@id"]!));
        Assert.Equal(type, (string)document["@type"]!);
        Assert.Contains(context.ToString(), run["loaded"]!.AsArray().Select(u => (string)u!));

        using var plainResponse = await client.GetAsync(path);
        var plain = JsonNode.Parse(await plainResponse.Content.ReadAsStringAsync())!.AsObject();
        var members = document.DeepClone().AsObject();
        members.Remove("@context");
        members.Remove("@id");
        members.Remove("@type");
        Assert.True(JsonNode.DeepEquals(plain, members), $"{path}: the JSON-LD members differ from the JSON answer");

        var node = Expanded(run);
        Assert.Equal((string)document["@id"]!, (string)node["@id"]!);
        Assert.Equal(LinkedDataContext.Vocabulary + type, (string)node["@type"]![0]!);
        Assert.True(JsonNode.DeepEquals(WithoutNulls(document), WithoutNulls(run["compacted"]!)),
            $"{path}: compacted back\n{run["compacted"]}\nis not the document\n{document}");
    }

    private static JsonObject Expanded(JsonObject run) => Assert.Single(run["expanded"]!.AsArray())!.AsObject();

    private static JsonNode? WithoutNulls(JsonNode? node) => node switch
    {
        JsonObject o => new JsonObject(o.Where(m => m.Value is not null).Select(m => KeyValuePair.Create(m.Key, WithoutNulls(m.Value)))),
        JsonArray a => new JsonArray([.. a.Select(WithoutNulls)]),
        _ => node?.DeepClone(),
    };
}
