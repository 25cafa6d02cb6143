using System.Net;
using System.Text.Json.Nodes;

namespace Sorcha.Testing.Blueprints;

/// <summary>Small steps the blueprint tests share: samples from samples/blueprints, create, publish.</summary>
public static class BlueprintFlows
{
    /// <summary>A fresh copy of a sample blueprint (e.g. "expense-approval").</summary>
    public static JsonObject Sample(string name) => Samples.Blueprint(name);

    /// <summary>Creates a blueprint from a document (sent as written, so tests can send what the typed model cannot).</summary>
    public static Task<Client.Blueprint> CreateAsync(HttpClient client, JsonNode blueprint) =>
        Json.PostAsync<Client.Blueprint>(client, "/api/blueprints", blueprint, HttpStatusCode.Created);

    /// <summary>Creates and publishes a sample; returns the blueprint's id.</summary>
    public static async Task<string> PublishedAsync(HttpClient client, string sample)
    {
        var id = (await CreateAsync(client, Sample(sample))).Id!;
        var published = await Json.PostAsync<Client.Blueprint>(client, $"/api/blueprints/{id}/publish", null, HttpStatusCode.OK);
        Assert.True(published.Published);
        return id;
    }
}
