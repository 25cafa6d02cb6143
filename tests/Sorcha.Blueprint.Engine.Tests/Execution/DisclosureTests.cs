using Sorcha.Blueprint.Engine.Execution;

namespace Sorcha.Blueprint.Engine.Tests.Execution;

public class DisclosureTests
{
    private const string Data = """
        {
          "name": "Ann", "salary": 50000,
          "address": { "line1": "1 High St", "city": "York", "geo": { "lat": 53.9, "lon": -1.08 } },
          "items": [ { "sku": "A", "qty": 1 }, { "sku": "B", "qty": 2 }, { "sku": "C", "qty": 3 } ],
          "a/b": 1, "m~n": 2, "nothing": null
        }
        """;

    [Theory]
    [InlineData("""["/*"]""", Data)]
    [InlineData("""[""]""", Data)]
    [InlineData("""["/name"]""", """{"name":"Ann"}""")]
    [InlineData("""["/name","/salary"]""", """{"name":"Ann","salary":50000}""")]
    [InlineData("""["/address/city"]""", """{"address":{"city":"York"}}""")]
    [InlineData("""["/address/geo/lat","/name"]""", """{"address":{"geo":{"lat":53.9}},"name":"Ann"}""")]
    [InlineData("""["/address/city","/address"]""", """{"address":{"line1":"1 High St","city":"York","geo":{"lat":53.9,"lon":-1.08}}}""")]
    [InlineData("""["/address","/address/city"]""", """{"address":{"line1":"1 High St","city":"York","geo":{"lat":53.9,"lon":-1.08}}}""")]
    [InlineData("""["/items/1/sku"]""", """{"items":[null,{"sku":"B"}]}""")]
    [InlineData("""["/items/0"]""", """{"items":[{"sku":"A","qty":1}]}""")]
    [InlineData("""["/a~1b","/m~0n"]""", """{"a/b":1,"m~n":2}""")]
    [InlineData("""["/nothing"]""", """{"nothing":null}""")]
    [InlineData("""["/missing","/address/zip","/items/9/sku","/name/first"]""", "{}")]
    [InlineData("""["/missing","/name"]""", """{"name":"Ann"}""")]
    public void Disclose_builds_exactly_the_disclosed_shape(string pointers, string expected)
    {
        var (blueprint, action) = TestBlueprints.SingleAction($$"""
            {"id":"start","title":"S","sender":"alice","dataSchema":true,
             "disclosures":[{"participant":"bob","pointers":{{pointers}}}]}
            """);

        var disclosures = new BlueprintEngine().Disclose(blueprint, action, TestJson.Parse(Data));

        Assert.True(Sorcha.Blueprint.Engine.Json.JsonEquality.DeepEquals(TestJson.Parse(expected), disclosures["bob"]),
            $"expected {expected} but got {disclosures["bob"].ToJsonString()}");
    }

    [Fact]
    public void Disclose_gives_each_participant_their_own_view_and_omits_the_unnamed()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""
            {"id":"start","title":"S","sender":"alice","dataSchema":true,
             "disclosures":[{"participant":"alice","pointers":["/*"]},{"participant":"bob","pointers":["/name"]}]}
            """);

        var disclosures = new BlueprintEngine().Disclose(blueprint, action, TestJson.Parse("""{"name":"Ann","salary":1}"""));

        Assert.Equal(["alice", "bob"], disclosures.Keys.Order().ToArray());
        Assert.Equal("""{"name":"Ann","salary":1}""", disclosures["alice"].ToJsonString());
        Assert.Equal("""{"name":"Ann"}""", disclosures["bob"].ToJsonString());
    }

    [Fact]
    public void Disclose_several_entries_for_one_participant_are_combined()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""
            {"id":"start","title":"S","sender":"alice","dataSchema":true,
             "disclosures":[{"participant":"bob","pointers":["/a"]},{"participant":"bob","pointers":["/b"]}]}
            """);

        var disclosures = new BlueprintEngine().Disclose(blueprint, action, TestJson.Parse("""{"a":1,"b":2,"c":3}"""));

        Assert.Equal("""{"a":1,"b":2}""", disclosures["bob"].ToJsonString());
    }

    [Fact]
    public void Disclose_no_disclosures_is_empty()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""{"id":"start","title":"S","sender":"alice","dataSchema":true}""");

        Assert.Empty(new BlueprintEngine().Disclose(blueprint, action, TestJson.Parse("""{"a":1}""")));
    }

    [Fact]
    public void Disclose_views_are_independent_copies()
    {
        var (blueprint, action) = TestBlueprints.SingleAction("""
            {"id":"start","title":"S","sender":"alice","dataSchema":true,
             "disclosures":[{"participant":"alice","pointers":["/*"]},{"participant":"bob","pointers":["/o"]}]}
            """);
        var data = TestJson.Object("""{"o":{"x":1}}""");

        var disclosures = new BlueprintEngine().Disclose(blueprint, action, data);
        disclosures["alice"]["o"]!["x"] = 99;

        Assert.Equal("""{"o":{"x":1}}""", disclosures["bob"].ToJsonString());
        Assert.Equal("""{"o":{"x":1}}""", data.ToJsonString());
    }
}
