using Sorcha.Blueprint.Engine.Schema;

namespace Sorcha.Blueprint.Engine.Tests.Schema;

public class ValidateSchemaTests
{
    [Theory]
    [InlineData("""{"type":5}""", "/type")]
    [InlineData("""{"type":"text"}""", "/type")]
    [InlineData("""{"type":[]}""", "/type")]
    [InlineData("""{"required":"x"}""", "/required")]
    [InlineData("""{"required":["a","a"]}""", "/required/1")]
    [InlineData("""{"required":[1]}""", "/required/0")]
    [InlineData("""{"minLength":-1}""", "/minLength")]
    [InlineData("""{"maxItems":1.5}""", "/maxItems")]
    [InlineData("""{"minProperties":"1"}""", "/minProperties")]
    [InlineData("""{"minContains":-2,"contains":{}}""", "/minContains")]
    [InlineData("""{"pattern":"(unclosed"}""", "/pattern")]
    [InlineData("""{"pattern":7}""", "/pattern")]
    [InlineData("""{"patternProperties":{"[bad":{}}}""", "/patternProperties/[bad")]
    [InlineData("""{"$ref":"#/$defs/missing"}""", "/$ref")]
    [InlineData("""{"$ref":"https://example.com/schema.json"}""", "/$ref")]
    [InlineData("""{"$ref":"#anchor"}""", "/$ref")]
    [InlineData("""{"properties":{"a":{"$ref":"#/nowhere/at/all"}}}""", "/properties/a/$ref")]
    [InlineData("""{"properties":{"a":5}}""", "/properties/a")]
    [InlineData("""{"properties":[]}""", "/properties")]
    [InlineData("""{"items":[{"type":"string"}]}""", "/items")]
    [InlineData("""{"prefixItems":{}}""", "/prefixItems")]
    [InlineData("""{"allOf":[]}""", "/allOf")]
    [InlineData("""{"anyOf":{}}""", "/anyOf")]
    [InlineData("""{"oneOf":[{"type":1}]}""", "/oneOf/0/type")]
    [InlineData("""{"not":"x"}""", "/not")]
    [InlineData("""{"if":{"type":"string"},"then":{"minimum":"0"}}""", "/then/minimum")]
    [InlineData("""{"else":{"maxLength":-3}}""", "/else/maxLength")]
    [InlineData("""{"enum":"a"}""", "/enum")]
    [InlineData("""{"multipleOf":0}""", "/multipleOf")]
    [InlineData("""{"minimum":"5"}""", "/minimum")]
    [InlineData("""{"exclusiveMaximum":true}""", "/exclusiveMaximum")]
    [InlineData("""{"uniqueItems":"yes"}""", "/uniqueItems")]
    [InlineData("""{"format":1}""", "/format")]
    [InlineData("""{"dependentRequired":{"a":"b"}}""", "/dependentRequired/a")]
    [InlineData("""{"dependentSchemas":{"a":1}}""", "/dependentSchemas/a")]
    [InlineData("""{"additionalProperties":"no"}""", "/additionalProperties")]
    [InlineData("""{"$defs":{"unused":{"type":"wat"}}}""", "/$defs/unused/type")]
    [InlineData("""{"$schema":"http://json-schema.org/draft-07/schema#"}""", "/$schema")]
    [InlineData("""{"$dynamicRef":"#meta"}""", "/$dynamicRef")]
    [InlineData("""{"properties":{"a":{"$ref":"other.json#/$defs/x"}}}""", "/properties/a/$ref")]
    [InlineData("""{"$defs":{"a":{"$id":"#not-a-base"}}}""", "/$defs/a/$id")]
    [InlineData("""{"$defs":{"a":{"$anchor":"1st"}}}""", "/$defs/a/$anchor")]
    [InlineData("""{"enum":{}}""", "/enum")]
    [InlineData("""{"unevaluatedProperties":"no"}""", "/unevaluatedProperties")]
    [InlineData("5", "")]
    [InlineData("\"schema\"", "")]
    public void Validate_schema_structural_problem_is_reported_at_its_pointer(string schema, string expectedPointer)
    {
        var problems = JsonSchema.ValidateSchema(TestJson.Parse(schema));

        Assert.Contains(problems, p => p.Pointer == expectedPointer);
        Assert.Throws<InvalidSchemaException>(() => JsonSchema.Compile(TestJson.Parse(schema)));
    }

    [Theory]
    [InlineData("true")]
    [InlineData("false")]
    [InlineData("{}")]
    [InlineData("""{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object"}""")]
    [InlineData("""{"minLength":2.0,"x-custom":{"type":5},"title":"t"}""")]
    [InlineData("""{"$defs":{"node":{"properties":{"child":{"$ref":"#"}}}},"$ref":"#/$defs/node"}""")]
    [InlineData("""{"pattern":"^(?<=x)y$"}""")]
    [InlineData("""{"enum":[]}""")]
    [InlineData("""{"allOf":[{"properties":{"a":true}}],"unevaluatedProperties":false}""")]
    [InlineData("""{"$defs":{"a":{"$id":"urn:example:a","$anchor":"x","type":"string"}},"$ref":"urn:example:a#x"}""")]
    [InlineData("""{"$ref":"https://json-schema.org/draft/2020-12/schema"}""")]
    public void Validate_schema_well_formed_schema_has_no_problems(string schema) =>
        Assert.Empty(JsonSchema.ValidateSchema(TestJson.Parse(schema)));

    [Fact]
    public void Validate_schema_reports_every_problem_not_just_the_first()
    {
        var problems = JsonSchema.ValidateSchema(TestJson.Parse("""
            {"type":5,"required":"x","properties":{"a":{"minLength":-1},"b":{"pattern":"("}},"$ref":"#/$defs/none"}
            """));

        Assert.Equal(
            ["/$ref", "/properties/a/minLength", "/properties/b/pattern", "/required", "/type"],
            problems.Select(p => p.Pointer).Order(StringComparer.Ordinal).ToArray());
    }

    [Fact]
    public void A_ref_to_an_unknown_document_names_it_and_is_never_fetched()
    {
        var problem = Assert.Single(JsonSchema.ValidateSchema(TestJson.Parse("""{"$ref":"http://169.254.169.254/latest/meta-data"}""")));

        Assert.Equal("/$ref", problem.Pointer);
        Assert.Contains("'http://169.254.169.254/latest/meta-data'", problem.Message, StringComparison.Ordinal);
        Assert.Contains("never fetched", problem.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("""{"$ref":"#/$defs/missing"}""", "'#/$defs/missing' does not resolve: this schema has nothing at '/$defs/missing'")]
    [InlineData("""{"$ref":"#nowhere"}""", "'#nowhere' does not resolve: this schema has no anchor 'nowhere'")]
    [InlineData("""{"$id":"urn:example:root","$ref":"#/x"}""", "'#/x' does not resolve: 'urn:example:root' has nothing at '/x'")]
    public void An_unresolvable_ref_says_what_is_missing_where(string schema, string message) =>
        Assert.Equal(message, Assert.Single(JsonSchema.ValidateSchema(TestJson.Parse(schema))).Message);

    [Fact]
    public void A_ref_to_another_document_resolves_through_the_registry()
    {
        var registry = new SchemaRegistry().Add("https://blueprints.example/money.json", TestJson.Parse("""{"$defs":{"amount":{"type":"number","minimum":0}}}"""));
        var schema = JsonSchema.Compile(TestJson.Parse("""{"$id":"https://blueprints.example/order.json","properties":{"total":{"$ref":"money.json#/$defs/amount"}}}"""), registry);

        Assert.True(schema.IsValid(TestJson.Parse("""{"total":3}""")));
        Assert.Equal("/total", Assert.Single(schema.Evaluate(TestJson.Parse("""{"total":-1}"""))).Pointer);
    }

    [Fact]
    public void Compile_invalid_schema_exception_carries_problems()
    {
        var ex = Assert.Throws<InvalidSchemaException>(() => JsonSchema.Compile(TestJson.Parse("""{"type":5,"minLength":-1}""")));

        Assert.Equal(2, ex.Problems.Count);
    }
}
