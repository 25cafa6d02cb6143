using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Tests.Schema;

public class RefTests
{
    private const string Root = """{"properties":{"foo":{"$ref":"#"}},"additionalProperties":false}""";
    private const string Defs = """{"$defs":{"positive":{"type":"integer","exclusiveMinimum":0}},"properties":{"count":{"$ref":"#/$defs/positive"}}}""";
    private const string Tree = """
        {"$ref":"#/$defs/node",
         "$defs":{"node":{"type":"object","required":["value"],"properties":{"value":{"type":"number"},
                  "children":{"type":"array","items":{"$ref":"#/$defs/node"}}}}}}
        """;

    [Theory]
    [InlineData(Root, """{"foo":false}""", true)]
    [InlineData(Root, """{"foo":{"foo":false}}""", true)]
    [InlineData(Root, """{"bar":false}""", false)]
    [InlineData(Root, """{"foo":{"bar":false}}""", false)]
    [InlineData(Defs, """{"count":3}""", true)]
    [InlineData(Defs, """{"count":0}""", false)]
    [InlineData(Defs, """{"count":"3"}""", false)]
    [InlineData("""{"properties":{"foo":{"type":"integer"},"bar":{"$ref":"#/properties/foo"}}}""", """{"bar":3}""", true)]
    [InlineData("""{"properties":{"foo":{"type":"integer"},"bar":{"$ref":"#/properties/foo"}}}""", """{"bar":true}""", false)]
    [InlineData("""{"prefixItems":[{"type":"integer"},{"$ref":"#/prefixItems/0"}]}""", "[1,2]", true)]
    [InlineData("""{"prefixItems":[{"type":"integer"},{"$ref":"#/prefixItems/0"}]}""", "[1,\"foo\"]", false)]
    [InlineData("""{"$defs":{"tilde~field":{"type":"integer"},"slash/field":{"type":"integer"},"percent%field":{"type":"integer"}},"properties":{"tilde":{"$ref":"#/$defs/tilde~0field"},"slash":{"$ref":"#/$defs/slash~1field"},"percent":{"$ref":"#/$defs/percent%25field"}}}""", """{"slash":"aoeu"}""", false)]
    [InlineData("""{"$defs":{"tilde~field":{"type":"integer"},"slash/field":{"type":"integer"},"percent%field":{"type":"integer"}},"properties":{"tilde":{"$ref":"#/$defs/tilde~0field"},"slash":{"$ref":"#/$defs/slash~1field"},"percent":{"$ref":"#/$defs/percent%25field"}}}""", """{"tilde":"aoeu"}""", false)]
    [InlineData("""{"$defs":{"tilde~field":{"type":"integer"},"slash/field":{"type":"integer"},"percent%field":{"type":"integer"}},"properties":{"tilde":{"$ref":"#/$defs/tilde~0field"},"slash":{"$ref":"#/$defs/slash~1field"},"percent":{"$ref":"#/$defs/percent%25field"}}}""", """{"percent":123}""", true)]
    [InlineData("""{"$defs":{"a":{"type":"integer"},"b":{"$ref":"#/$defs/a"},"c":{"$ref":"#/$defs/b"}},"$ref":"#/$defs/c"}""", "5", true)]
    [InlineData("""{"$defs":{"a":{"type":"integer"},"b":{"$ref":"#/$defs/a"},"c":{"$ref":"#/$defs/b"}},"$ref":"#/$defs/c"}""", "\"a\"", false)]
    [InlineData("""{"$defs":{"reffed":{"type":"array"}},"properties":{"foo":{"$ref":"#/$defs/reffed","maxItems":2}}}""", """{"foo":[1,2,3]}""", false)]
    [InlineData("""{"$defs":{"reffed":{"type":"array"}},"properties":{"foo":{"$ref":"#/$defs/reffed","maxItems":2}}}""", """{"foo":"string"}""", false)]
    [InlineData("""{"$defs":{"bool":true},"$ref":"#/$defs/bool"}""", "\"foo\"", true)]
    [InlineData("""{"$defs":{"bool":false},"$ref":"#/$defs/bool"}""", "\"foo\"", false)]
    [InlineData(Tree, """{"value":1,"children":[{"value":2},{"value":3,"children":[{"value":4}]}]}""", true)]
    [InlineData(Tree, """{"value":1,"children":[{"value":2},{"value":3,"children":[{"value":"x"}]}]}""", false)]
    public void LocalReferences(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Fact]
    public void Ref_chain_longer_than_the_depth_limit_fails_instead_of_overflowing_the_stack()
    {
        // Cycles that consume no input are rejected when compiling (Budgets/HostileSchemaTests); a long chain is not a cycle.
        var defs = new JsonObject { ["a300"] = true };
        for (var i = 0; i < 300; i++)
        {
            defs[$"a{i}"] = new JsonObject { ["$ref"] = $"#/$defs/a{i + 1}" };
        }

        var schema = Sorcha.Blueprint.Engine.Schema.JsonSchema.Compile(new JsonObject { ["$defs"] = defs, ["$ref"] = "#/$defs/a0" });

        var errors = schema.Evaluate(TestJson.Parse("1"));

        Assert.Contains(errors, e => e.Message.Contains("too deep", StringComparison.Ordinal));
    }
}
