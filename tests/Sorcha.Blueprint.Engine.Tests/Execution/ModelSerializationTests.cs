using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Tests.Execution;

using Sorcha.Contracts.Blueprints;

public class ModelSerializationTests
{
    [Fact]
    public void Blueprint_round_trips_with_api_md_property_names()
    {
        var json = TestBlueprints.MinimalJson();

        var written = JsonNode.Parse(BlueprintJson.Serialize(TestBlueprints.ToBlueprint(json)))!.AsObject();

        Assert.Equal(["id", "title", "description", "version", "published", "participants", "actions"], written.Select(p => p.Key).ToArray());
        var action = written["actions"]![0]!.AsObject();
        Assert.Equal(["id", "title", "sender", "dataSchema", "calculations", "routes", "disclosures", "rejection"], action.Select(p => p.Key).ToArray());
        Assert.Equal(["condition", "next"], action["routes"]![0]!.AsObject().Select(p => p.Key).ToArray());
        Assert.Equal(["participant", "pointers"], action["disclosures"]![0]!.AsObject().Select(p => p.Key).ToArray());
        Assert.Null(action["routes"]![1]!["next"]);
        Assert.True(JsonNode.DeepEquals(json["actions"]![0]!["dataSchema"], action["dataSchema"]));
    }

    [Fact]
    public void Blueprint_missing_collections_deserialise_as_empty()
    {
        var blueprint = BlueprintJson.Deserialize("""{"id":"x","title":"t"}""")!;

        Assert.Empty(blueprint.Participants);
        Assert.Empty(blueprint.Actions);
    }

    [Fact]
    public void Calculations_keep_declaration_order()
    {
        var blueprint = BlueprintJson.Deserialize("""{"actions":[{"id":"a","calculations":{"z":1,"a":2,"m":3}}]}""")!;

        Assert.Equal(["z", "a", "m"], blueprint.Actions[0].Calculations!.Select(p => p.Key).ToArray());
    }
}
