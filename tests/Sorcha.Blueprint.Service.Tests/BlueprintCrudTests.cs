using System.Net;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json.Nodes;
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
        var id = created.Str("id");
        Assert.NotEqual("expense-approval", id);
        Assert.Matches("^[0-9a-f]{32}$", id);
        Assert.Equal(1, created.GetProperty("version").GetInt32());
        Assert.False(created.GetProperty("published").GetBoolean());
        Assert.Equal(3, created.GetProperty("actions").GetArrayLength());

        var fetched = await BlueprintFlows.GetAsync(owner, $"/api/blueprints/{id}");
        Assert.Equal("Expense approval", fetched.Str("title"));

        sample["title"] = "Expense approval v2";
        sample["version"] = 1;
        var updated = await BlueprintFlows.SendAsync(owner, HttpMethod.Put, $"/api/blueprints/{id}", sample, HttpStatusCode.OK);
        Assert.Equal(2, updated.GetProperty("version").GetInt32());
        Assert.Equal("Expense approval v2", updated.Str("title"));
        Assert.Equal(id, updated.Str("id"));

        // A PUT based on a stale version loses: the client must refetch.
        var stale = await BlueprintFlows.SendAsync(owner, HttpMethod.Put, $"/api/blueprints/{id}", sample, HttpStatusCode.Conflict);
        Assert.Equal(409, stale.GetProperty("status").GetInt32());

        await BlueprintFlows.SendAsync(owner, HttpMethod.Delete, $"/api/blueprints/{id}", null, HttpStatusCode.NoContent);
        await BlueprintFlows.GetAsync(owner, $"/api/blueprints/{id}", HttpStatusCode.NotFound);
        await BlueprintFlows.SendAsync(owner, HttpMethod.Delete, $"/api/blueprints/{id}", null, HttpStatusCode.NotFound);
    }

    [Fact]
    public async Task Others_can_read_but_not_change_delete_or_publish()
    {
        using var owner = await services.ClientAsync("bp-vis-owner");
        using var other = await services.ClientAsync("bp-vis-other");
        var id = (await BlueprintFlows.CreateAsync(owner, BlueprintFlows.Sample("expense-approval"))).Str("id");

        await BlueprintFlows.GetAsync(other, $"/api/blueprints/{id}");
        await BlueprintFlows.SendAsync(other, HttpMethod.Put, $"/api/blueprints/{id}", BlueprintFlows.Sample("expense-approval"),
            HttpStatusCode.Forbidden);
        await BlueprintFlows.SendAsync(other, HttpMethod.Delete, $"/api/blueprints/{id}", null, HttpStatusCode.Forbidden);
        await BlueprintFlows.SendAsync(other, HttpMethod.Post, $"/api/blueprints/{id}/publish", null, HttpStatusCode.Forbidden);
        Assert.Equal(1, (await BlueprintFlows.GetAsync(owner, $"/api/blueprints/{id}")).GetProperty("version").GetInt32());
    }

    [Fact]
    public async Task Published_blueprint_is_immutable_and_publish_is_idempotent()
    {
        using var owner = await services.ClientAsync("bp-pub-owner");
        var id = await BlueprintFlows.PublishedAsync(owner, "loan-application");

        var again = await Json.PostAsync(owner, $"/api/blueprints/{id}/publish", new { }, HttpStatusCode.OK);
        Assert.True(again.GetProperty("published").GetBoolean());
        Assert.Equal(1, again.GetProperty("version").GetInt32());
        await BlueprintFlows.SendAsync(owner, HttpMethod.Put, $"/api/blueprints/{id}", BlueprintFlows.Sample("loan-application"),
            HttpStatusCode.Conflict);
        await BlueprintFlows.SendAsync(owner, HttpMethod.Delete, $"/api/blueprints/{id}", null, HttpStatusCode.Conflict);
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
            ids.Add((await BlueprintFlows.CreateAsync(caller, sample)).Str("id"));
        }

        // Tests run one at a time, so the three newest blueprints are ours, at the end of the creation order.
        var total = (await BlueprintFlows.GetAsync(caller, "/api/blueprints?pageSize=1")).GetProperty("totalCount").GetInt32();
        var lastTwo = await BlueprintFlows.GetAsync(caller, $"/api/blueprints?page={(total + 1) / 2}&pageSize=2");
        var first = await BlueprintFlows.GetAsync(caller, $"/api/blueprints?page={total - 2}&pageSize=1");
        Assert.Equal(ids[0], first.GetProperty("items")[0].Str("id"));
        var tail = lastTwo.GetProperty("items").EnumerateArray().Select(i => i.Str("id")).ToList();
        Assert.Equal(total % 2 == 0 ? ids[1..] : [ids[2]], tail);
        Assert.Equal(2, lastTwo.GetProperty("pageSize").GetInt32());
        Assert.Equal(total, lastTwo.GetProperty("totalCount").GetInt32());

        using var bad = await caller.GetAsync("/api/blueprints?page=0&pageSize=101");
        var problem = await ProblemAssert.IsProblemAsync(bad, HttpStatusCode.BadRequest);
        Assert.Equal(["page", "pageSize"], BlueprintFlows.ErrorKeys(problem).Order());
    }

    [Fact]
    public async Task Bad_shape_is_400_listing_every_bad_field_and_creates_nothing()
    {
        using var caller = await services.ClientAsync("bp-shape");
        var total = (await BlueprintFlows.GetAsync(caller, "/api/blueprints?pageSize=1")).GetProperty("totalCount").GetInt32();
        var body = new JsonObject
        {
            ["title"] = "",
            ["participants"] = new JsonArray(new JsonObject { ["id"] = "has space", ["name"] = "A" }, null),
            ["actions"] = new JsonArray(new JsonObject { ["id"] = "a", ["title"] = "A", ["dataSchema"] = 5 }),
        };

        using var response = await caller.PostAsJsonAsync("/api/blueprints", body);
        var problem = await ProblemAssert.IsProblemAsync(response, HttpStatusCode.BadRequest);
        Assert.Equal(
            ["/actions/0/dataSchema", "/actions/0/sender", "/participants/0/id", "/participants/1", "/title"],
            BlueprintFlows.ErrorKeys(problem).Order(StringComparer.Ordinal));

        using var malformed = await caller.PostAsync("/api/blueprints", new StringContent("{\"title\":", Encoding.UTF8, "application/json"));
        await ProblemAssert.IsProblemAsync(malformed, HttpStatusCode.BadRequest);
        Assert.Equal(total, (await BlueprintFlows.GetAsync(caller, "/api/blueprints?pageSize=1")).GetProperty("totalCount").GetInt32());
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
        var id = (await BlueprintFlows.CreateAsync(owner, blueprint)).Str("id");

        using var response = await owner.PostAsync($"/api/blueprints/{id}/publish", null);
        var problem = await ProblemAssert.IsProblemAsync(response, HttpStatusCode.UnprocessableEntity);
        var keys = BlueprintFlows.ErrorKeys(problem);
        Assert.Contains("/participants", keys);                       // fewer than 2 participants
        Assert.Contains("/actions/0/sender", keys);                   // unknown participant
        Assert.Contains("/actions/0/routes/0/next", keys);            // unknown action
        Assert.Contains("/actions/0/disclosures/0/participant", keys);
        Assert.Contains(keys, k => k.StartsWith("/actions/0/dataSchema", StringComparison.Ordinal));    // invalid schema
        Assert.Contains(keys, k => k.StartsWith("/actions/0/calculations/x", StringComparison.Ordinal)); // invalid logic
        Assert.Contains("/actions/1", keys);                          // unreachable
        Assert.False((await BlueprintFlows.GetAsync(owner, $"/api/blueprints/{id}")).GetProperty("published").GetBoolean());
    }

    [Fact]
    public async Task Unknown_blueprint_is_404_everywhere()
    {
        using var caller = await services.ClientAsync("bp-404");
        const string id = "0123456789abcdef0123456789abcdef";
        await BlueprintFlows.GetAsync(caller, $"/api/blueprints/{id}", HttpStatusCode.NotFound);
        await BlueprintFlows.SendAsync(caller, HttpMethod.Put, $"/api/blueprints/{id}", BlueprintFlows.Sample("expense-approval"),
            HttpStatusCode.NotFound);
        await BlueprintFlows.SendAsync(caller, HttpMethod.Post, $"/api/blueprints/{id}/publish", null, HttpStatusCode.NotFound);
        await BlueprintFlows.SendAsync(caller, HttpMethod.Post, $"/api/blueprints/{id}/instances",
            new { registerId = "r", participants = new { } }, HttpStatusCode.NotFound);
    }
}
