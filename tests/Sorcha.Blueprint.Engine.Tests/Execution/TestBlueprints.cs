using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Tests.Execution;

using Sorcha.Contracts.Blueprints;

/// <summary>Blueprints for tests: a minimal publishable one to break in one place at a time, and the shipped samples.</summary>
internal static class TestBlueprints
{
    public static JsonObject MinimalJson() => TestJson.Object("""
        {
          "id": "bp-1", "title": "Minimal", "version": 1, "published": false,
          "participants": [ { "id": "alice", "name": "Alice" }, { "id": "bob", "name": "Bob" } ],
          "actions": [
            {
              "id": "start", "title": "Start", "sender": "alice",
              "dataSchema": { "type": "object", "properties": { "amount": { "type": "number" } } },
              "calculations": { "double": { "*": [ { "var": "amount" }, 2 ] } },
              "routes": [ { "condition": { ">": [ { "var": "amount" }, 10 ] }, "next": "end" }, { "next": null } ],
              "disclosures": [ { "participant": "bob", "pointers": [ "/amount" ] } ]
            },
            { "id": "end", "title": "End", "sender": "bob", "dataSchema": true }
          ]
        }
        """);

    public static BlueprintDocument ToBlueprint(JsonNode json) => BlueprintJson.Deserialize(json.ToJsonString())!;

    public static BlueprintDocument Minimal() => ToBlueprint(MinimalJson());

    public static BlueprintDocument Sample(string name) =>
        BlueprintJson.Deserialize(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "samples", name)))!;

    /// <summary>A blueprint with one action built from the given action JSON plus a second participant.</summary>
    public static (BlueprintDocument Blueprint, BlueprintAction Action) SingleAction(string actionJson)
    {
        var json = MinimalJson();
        var actions = json["actions"]!.AsArray();
        actions[0] = TestJson.Parse(actionJson);
        var blueprint = ToBlueprint(json);
        return (blueprint, blueprint.Actions[0]);
    }
}
