using System.Net;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts;
using Sorcha.Contracts.Blueprints;
using Sorcha.Testing.Blueprints;

namespace Sorcha.Blueprint.Service.Tests;

[Collection(BlueprintScope.Name)]
public sealed class BlueprintCrudTests(BlueprintServices services)
{
    [Fact]
    public async Task Create_assigns_id_version_1_unpublished_and_get_put_delete_follow()
    {
        using var owner = await services.ClientAsync("bp-crud-owner");
        var sample = BlueprintFlows.Sample("expense-approval");
        sample["version"] = 7;
        sample["published"] = true;

        var created = await BlueprintFlows.CreateAsync(owner, sample);
        var id = created.Id!;
        Assert.NotEqual("expense-approval", id);
        Assert.Matches("^[0-9a-f]{32}$", id);
        Assert.Equal(1, created.Version);
        Assert.False(created.Published);
        Assert.Equal(3, created.Actions.Count);

        var fetched = await Json.GetAsync<BlueprintDto>(owner, $"/api/blueprints/{id}");
        Assert.Equal("Expense approval", fetched.Title);

        sample["title"] = "Expense approval v2";
        sample["version"] = 1;
        var updated = await Json.SendAsync<BlueprintDto>(owner, HttpMethod.Put, $"/api/blueprints/{id}", sample, HttpStatusCode.OK);
        Assert.Equal(2, updated.Version);
        Assert.Equal("Expense approval v2", updated.Title);
        Assert.Equal(id, updated.Id);

        // A PUT based on a stale version loses: the client must refetch.
        await ProblemAssert.RefusedAsync(owner, HttpMethod.Put, $"/api/blueprints/{id}", sample, HttpStatusCode.Conflict);

        await Json.SendAsync<JsonElement>(owner, HttpMethod.Delete, $"/api/blueprints/{id}", null, HttpStatusCode.NoContent);
        await ProblemAssert.RefusedAsync(owner, HttpMethod.Get, $"/api/blueprints/{id}", null, HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(owner, HttpMethod.Delete, $"/api/blueprints/{id}", null, HttpStatusCode.NotFound);
    }

    [Fact]
    public async Task Others_can_read_but_not_change_delete_or_publish()
    {
        using var owner = await services.ClientAsync("bp-vis-owner");
        using var other = await services.ClientAsync("bp-vis-other");
        var id = (await BlueprintFlows.CreateAsync(owner, BlueprintFlows.Sample("expense-approval"))).Id!;

        Assert.Equal(id, (await Json.GetAsync<BlueprintDto>(other, $"/api/blueprints/{id}")).Id);
        await ProblemAssert.RefusedAsync(other, HttpMethod.Put, $"/api/blueprints/{id}", BlueprintFlows.Sample("expense-approval"),
            HttpStatusCode.Forbidden);
        await ProblemAssert.RefusedAsync(other, HttpMethod.Delete, $"/api/blueprints/{id}", null, HttpStatusCode.Forbidden);
        await ProblemAssert.RefusedAsync(other, HttpMethod.Post, $"/api/blueprints/{id}/publish", null, HttpStatusCode.Forbidden);
        var unchanged = await Json.GetAsync<BlueprintDto>(owner, $"/api/blueprints/{id}");
        Assert.Equal(1, unchanged.Version);
        Assert.False(unchanged.Published);
    }

    [Fact]
    public async Task Publish_is_idempotent_and_an_edit_of_a_published_blueprint_is_the_next_draft()
    {
        using var owner = await services.ClientAsync("bp-pub-owner");
        var id = await BlueprintFlows.PublishedAsync(owner, "loan-application");

        var again = await Json.PostAsync<BlueprintDto>(owner, $"/api/blueprints/{id}/publish", new { }, HttpStatusCode.OK);
        Assert.True(again.Published);
        Assert.Equal(1, again.Version);
        var versions = await Json.GetAsync<Paged<BlueprintVersionEntry>>(owner, $"/api/blueprints/{id}/versions");
        Assert.Equal(1, versions.TotalCount);

        var edit = BlueprintFlows.Sample("loan-application");
        edit["version"] = 1; // the version it edits: a stale one would be 409
        var draft = await Json.SendAsync<BlueprintDto>(owner, HttpMethod.Put, $"/api/blueprints/{id}", edit, HttpStatusCode.OK);
        Assert.Equal((2, false), (draft.Version, draft.Published));
        var published = await Json.PostAsync<BlueprintDto>(owner, $"/api/blueprints/{id}/publish", null, HttpStatusCode.OK);
        Assert.Equal((2, true), (published.Version, published.Published));
    }

    [Fact]
    public async Task List_pages_in_creation_order()
    {
        using var caller = await services.ClientAsync("bp-paging");
        var ids = new List<string>();
        for (var i = 0; i < 3; i++)
        {
            var sample = BlueprintFlows.Sample("expense-approval");
            sample["title"] = $"paging {i}";
            ids.Add((await BlueprintFlows.CreateAsync(caller, sample)).Id!);
        }

        // Tests run one at a time, so the three newest blueprints are ours, at the end of the creation order.
        var total = (int)(await TotalAsync(caller));
        var lastTwo = await Json.GetAsync<Paged<BlueprintDto>>(caller, $"/api/blueprints?page={(total + 1) / 2}&pageSize=2");
        var first = await Json.GetAsync<Paged<BlueprintDto>>(caller, $"/api/blueprints?page={total - 2}&pageSize=1");
        Assert.Equal(ids[0], first.Items[0].Id);
        Assert.Equal(total % 2 == 0 ? ids[1..] : [ids[2]], lastTwo.Items.Select(i => i.Id));
        Assert.Equal(2, lastTwo.PageSize);
        Assert.Equal(total, lastTwo.TotalCount);

        var problem = await ProblemAssert.RefusedAsync(caller, HttpMethod.Get, "/api/blueprints?page=0&pageSize=101", null,
            HttpStatusCode.BadRequest);
        Assert.Equal(["page", "pageSize"], ProblemAssert.ErrorKeys(problem).Order());
    }

    [Fact]
    public async Task Bad_shape_is_400_listing_every_bad_field_and_creates_nothing()
    {
        using var caller = await services.ClientAsync("bp-shape");
        var total = await TotalAsync(caller);
        var body = new JsonObject
        {
            ["title"] = "",
            ["participants"] = new JsonArray(new JsonObject { ["id"] = "has space", ["name"] = "A" }, null),
            ["actions"] = new JsonArray(new JsonObject { ["id"] = "a", ["title"] = "A", ["dataSchema"] = 5 }),
        };

        using var response = await caller.PostAsJsonAsync("/api/blueprints", body);
        var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.BadRequest);
        Assert.Equal(
            ["/actions/0/dataSchema", "/actions/0/sender", "/participants/0/id", "/participants/1", "/title"],
            ProblemAssert.ErrorKeys(problem).Order(StringComparer.Ordinal));

        using var malformed = await caller.PostAsync("/api/blueprints", new StringContent("{\"title\":", Encoding.UTF8, "application/json"));
        await ProblemAssert.IsProblemAsync(malformed, HttpStatusCode.BadRequest);
        Assert.Equal(total, await TotalAsync(caller));
    }

    [Fact]
    public async Task Blueprint_over_the_size_limit_is_413()
    {
        using var caller = await services.ClientAsync("bp-413");
        var sample = BlueprintFlows.Sample("expense-approval");
        sample["description"] = new string('x', 600 * 1024);
        using var response = await caller.PostAsJsonAsync("/api/blueprints", sample);
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.RequestEntityTooLarge);
    }

    [Fact]
    public async Task Publish_with_problems_is_422_listing_every_problem()
    {
        using var owner = await services.ClientAsync("bp-422");
        var blueprint = JsonNode.Parse("""
        {
          "title": "Broken",
          "participants": [ { "id": "alice", "name": "Alice" } ],
          "actions": [
            { "id": "start", "title": "Start", "sender": "nobody",
              "dataSchema": { "type": "objekt" },
              "calculations": { "x": { "no-such-op": [1] } },
              "routes": [ { "next": "missing" } ],
              "disclosures": [ { "participant": "ghost", "pointers": ["/*"] } ] },
            { "id": "orphan", "title": "Orphan", "sender": "alice", "dataSchema": true }
          ]
        }
        """)!;
        var id = (await BlueprintFlows.CreateAsync(owner, blueprint)).Id!;

        var problem = await ProblemAssert.RefusedAsync(owner, HttpMethod.Post, $"/api/blueprints/{id}/publish", null,
            HttpStatusCode.UnprocessableEntity);
        var keys = ProblemAssert.ErrorKeys(problem);
        Assert.Contains("/participants", keys);                       // fewer than 2 participants
        Assert.Contains("/actions/0/sender", keys);                   // unknown participant
        Assert.Contains("/actions/0/routes/0/next", keys);            // unknown action
        Assert.Contains("/actions/0/disclosures/0/participant", keys);
        Assert.Contains(keys, k => k.StartsWith("/actions/0/dataSchema", StringComparison.Ordinal));    // invalid schema
        Assert.Contains(keys, k => k.StartsWith("/actions/0/calculations/x", StringComparison.Ordinal)); // invalid logic
        Assert.Contains("/actions/1", keys);                          // unreachable
        Assert.False((await Json.GetAsync<BlueprintDto>(owner, $"/api/blueprints/{id}")).Published);
    }

    [Fact]
    public async Task Unknown_blueprint_is_404_everywhere()
    {
        using var caller = await services.ClientAsync("bp-404");
        const string id = "0123456789abcdef0123456789abcdef";
        await ProblemAssert.RefusedAsync(caller, HttpMethod.Get, $"/api/blueprints/{id}", null, HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(caller, HttpMethod.Put, $"/api/blueprints/{id}", BlueprintFlows.Sample("expense-approval"),
            HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(caller, HttpMethod.Post, $"/api/blueprints/{id}/publish", null, HttpStatusCode.NotFound);
        await ProblemAssert.RefusedAsync(caller, HttpMethod.Post, $"/api/blueprints/{id}/instances",
            new { registerId = "r", participants = new { } }, HttpStatusCode.NotFound);
    }

    private static async Task<long> TotalAsync(HttpClient caller) =>
        (await Json.GetAsync<Paged<BlueprintDto>>(caller, "/api/blueprints?pageSize=1")).TotalCount;
}
