using Sorcha.Blueprint.Engine.Schema;
using Sorcha.Blueprint.Engine.Schema.Resources;

namespace Sorcha.Blueprint.Engine.Tests.Schema;

/// <summary>
/// The 2020-12 metaschemas come from the JsonSchema.Net package (docs/dependencies.md), not from files in the repo, so
/// they are checked here without the conformance data: all nine are served under their $id, and a $ref to the
/// metaschema really validates a schema with our evaluator.
/// </summary>
public class MetaschemasTests
{
    [Theory]
    [InlineData("schema")]
    [InlineData("meta/core")]
    [InlineData("meta/applicator")]
    [InlineData("meta/unevaluated")]
    [InlineData("meta/validation")]
    [InlineData("meta/meta-data")]
    [InlineData("meta/format-annotation")]
    [InlineData("meta/format-assertion")]
    [InlineData("meta/content")]
    public void Every_2020_12_metaschema_is_served_under_its_id(string name)
    {
        var uri = "https://json-schema.org/draft/2020-12/" + name;

        Assert.True(Metaschemas.TryGet(uri, out var document));
        Assert.Equal(uri, document!["$id"]!.GetValue<string>());
        Assert.Equal("https://json-schema.org/draft/2020-12/schema", document["$schema"]!.GetValue<string>());
    }

    [Fact]
    public void An_unknown_uri_under_the_2020_12_prefix_is_not_a_metaschema() =>
        Assert.False(Metaschemas.TryGet("https://json-schema.org/draft/2020-12/meta/none", out _));

    [Theory]
    [InlineData("""{"type":"object","properties":{"a":{"minLength":2}}}""", true)]
    [InlineData("""{"type":5}""", false)]
    [InlineData("""{"properties":{"a":{"minLength":-1}}}""", false)]
    [InlineData("""{"required":"x"}""", false)]
    [InlineData("""{"$defs":{"a":{"$dynamicAnchor":"meta"}},"unevaluatedProperties":false}""", true)]
    public void A_ref_to_the_metaschema_validates_schemas(string candidate, bool valid)
    {
        var metaschema = JsonSchema.Compile(TestJson.Parse("""{"$ref":"https://json-schema.org/draft/2020-12/schema"}"""));

        Assert.Equal(valid, metaschema.IsValid(TestJson.Parse(candidate)));
    }
}
