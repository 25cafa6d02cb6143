using System.Net;
using System.Text.Json.Nodes;
using Sorcha.Contracts.Blueprints;

namespace Sorcha.Testing.Blueprints;

/// <summary>Small steps the blueprint tests share: samples from samples/blueprints, create, publish.</summary>
public static class BlueprintFlows
{
    /// <summary>A fresh copy of a sample blueprint (e.g. "expense-approval").</summary>
    public static JsonObject Sample(string name) => Samples.Blueprint(name);

    /// <summary>Creates a blueprint from a document (sent as written, so tests can send what the typed model cannot).</summary>
    public static Task<BlueprintDto> CreateAsync(HttpClient client, JsonNode blueprint) =>
        Json.PostAsync<BlueprintDto>(client, "/api/blueprints", blueprint, HttpStatusCode.Created);

    /// <summary>Creates and publishes a sample; returns the blueprint's id.</summary>
    public static async Task<string> PublishedAsync(HttpClient client, string sample)
    {
        var id = (await CreateAsync(client, Sample(sample))).Id!;
        var published = await Json.PostAsync<BlueprintDto>(client, $"/api/blueprints/{id}/publish", null, HttpStatusCode.OK);
        Assert.True(published.Published);
        return id;
    }

    /// <summary>
    /// Edits a published expense-approval into its version 2 and publishes it: "approve" then always needs a comment
    /// (version 1 needs one only for a rejection) and an approval always goes to finance (version 1: only above 1,000).
    /// </summary>
    public static async Task<BlueprintDto> PublishExpenseV2Async(HttpClient client, string id)
    {
        var edited = Sample("expense-approval");
        edited["title"] = "Expense approval v2";
        edited.Remove("version");
        var approve = edited["actions"]!.AsArray().Single(a => (string)a!["id"]! == "approve")!;
        approve["dataSchema"]!["required"] = new JsonArray("decision", "comment");
        approve["routes"] = new JsonArray(new JsonObject
        {
            ["condition"] = JsonNode.Parse("""{"==": [{"var": "decision"}, "approved"]}"""),
            ["next"] = "finance-review",
        }, new JsonObject { ["next"] = null });
        var draft = await Json.SendAsync<BlueprintDto>(client, HttpMethod.Put, $"/api/blueprints/{id}", edited, HttpStatusCode.OK);
        Assert.False(draft.Published);
        return await Json.PostAsync<BlueprintDto>(client, $"/api/blueprints/{id}/publish", null, HttpStatusCode.OK);
    }
}
