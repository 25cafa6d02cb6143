namespace Sorcha.Blueprint.Engine.Tests.Schema;

public class ObjectKeywordTests
{
    private const string Properties = """{"properties":{"foo":{"type":"integer"},"bar":{"type":"string"}}}""";
    private const string Mixed = """{"properties":{"foo":{"type":"array","maxItems":3},"bar":{"type":"array"}},"patternProperties":{"f.o":{"minItems":2}},"additionalProperties":{"type":"integer"}}""";

    [Theory]
    [InlineData(Properties, """{"foo":1,"bar":"baz"}""", true)]
    [InlineData(Properties, """{"foo":1,"bar":{}}""", false)]
    [InlineData(Properties, """{"foo":[],"bar":{}}""", false)]
    [InlineData(Properties, """{"quux":[]}""", true)]
    [InlineData(Properties, "[]", true)]
    [InlineData(Properties, "12", true)]
    [InlineData(Mixed, """{"foo":[1,2]}""", true)]
    [InlineData(Mixed, """{"foo":[1,2,3,4]}""", false)]
    [InlineData(Mixed, """{"foo":[]}""", false)]
    [InlineData(Mixed, """{"fxo":[1,2]}""", true)]
    [InlineData(Mixed, """{"fxo":[]}""", false)]
    [InlineData(Mixed, """{"bar":[]}""", true)]
    [InlineData(Mixed, """{"quux":3}""", true)]
    [InlineData(Mixed, """{"quux":"foo"}""", false)]
    [InlineData("""{"properties":{"foo":true,"bar":false}}""", "{}", true)]
    [InlineData("""{"properties":{"foo":true,"bar":false}}""", """{"foo":1}""", true)]
    [InlineData("""{"properties":{"foo":true,"bar":false}}""", """{"bar":2}""", false)]
    [InlineData("""{"properties":{"foo\nbar":{"type":"number"},"foo\"bar":{"type":"number"}}}""", """{"foo\nbar":"1"}""", false)]
    [InlineData("""{"properties":{"__proto__":{"type":"number"},"toString":{"properties":{"length":{"type":"string"}}}}}""", """{"__proto__":"foo"}""", false)]
    [InlineData("""{"properties":{"__proto__":{"type":"number"},"toString":{"properties":{"length":{"type":"string"}}}}}""", """{"toString":{"length":37}}""", false)]
    public void PropertiesPatternPropertiesAdditional(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    private const string NoAdditional = """{"properties":{"foo":{},"bar":{}},"patternProperties":{"^v":{}},"additionalProperties":false}""";

    [Theory]
    [InlineData(NoAdditional, """{"foo":1}""", true)]
    [InlineData(NoAdditional, """{"foo":1,"bar":2,"quux":"boom"}""", false)]
    [InlineData(NoAdditional, "[1,2,3]", true)]
    [InlineData(NoAdditional, """{"foo":1,"vroom":2}""", true)]
    [InlineData("""{"additionalProperties":{"type":"boolean"}}""", """{"foo":true}""", true)]
    [InlineData("""{"additionalProperties":{"type":"boolean"}}""", """{"foo":1}""", false)]
    [InlineData("""{"properties":{"foo":{},"bar":{}},"additionalProperties":true}""", """{"foo":1,"quux":true}""", true)]
    [InlineData("""{"patternProperties":{"^á":{}},"additionalProperties":false}""", """{"ármányos":2}""", true)]
    [InlineData("""{"patternProperties":{"^á":{}},"additionalProperties":false}""", """{"élmény":2}""", false)]
    [InlineData("""{"allOf":[{"properties":{"foo":{}}}],"additionalProperties":{"type":"boolean"}}""", """{"foo":1,"bar":true}""", false)]
    public void AdditionalProperties(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData("""{"patternProperties":{"f.*o":{"type":"integer"}}}""", """{"foo":1}""", true)]
    [InlineData("""{"patternProperties":{"f.*o":{"type":"integer"}}}""", """{"foo":1,"foooooo":2}""", true)]
    [InlineData("""{"patternProperties":{"f.*o":{"type":"integer"}}}""", """{"foo":"bar","fooooo":2}""", false)]
    [InlineData("""{"patternProperties":{"a*":{"type":"integer"},"aaa*":{"maximum":20}}}""", """{"aaaa":31}""", false)]
    [InlineData("""{"patternProperties":{"a*":{"type":"integer"},"aaa*":{"maximum":20}}}""", """{"aaa":"foo","aaaa":31}""", false)]
    [InlineData("""{"patternProperties":{"[0-9]{2,}":{"type":"boolean"},"X_":{"type":"string"}}}""", """{"answer 1":"42"}""", true)]
    [InlineData("""{"patternProperties":{"[0-9]{2,}":{"type":"boolean"},"X_":{"type":"string"}}}""", """{"a31b":null}""", false)]
    [InlineData("""{"patternProperties":{"[0-9]{2,}":{"type":"boolean"},"X_":{"type":"string"}}}""", """{"a_X_3":3}""", false)]
    [InlineData("""{"patternProperties":{"^.*bar$":{"type":"null"}}}""", """{"foobar":null}""", true)]
    public void PatternProperties(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData("""{"properties":{"foo":{},"bar":{}},"required":["foo"]}""", """{"foo":1}""", true)]
    [InlineData("""{"properties":{"foo":{},"bar":{}},"required":["foo"]}""", """{"bar":1}""", false)]
    [InlineData("""{"required":["foo"]}""", "[]", true)]
    [InlineData("""{"required":["foo"]}""", "\"\"", true)]
    [InlineData("""{"required":[]}""", "{}", true)]
    [InlineData("""{"required":["foo\nbar","foo\"bar"]}""", """{"foo\nbar":1,"foo\"bar":1}""", true)]
    [InlineData("""{"required":["foo\nbar","foo\"bar"]}""", """{"foo\nbar":"1"}""", false)]
    [InlineData("""{"required":["__proto__","toString","constructor"]}""", """{"__proto__":1,"toString":1}""", false)]
    public void Required(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData("""{"propertyNames":{"maxLength":3}}""", """{"f":{},"foo":{}}""", true)]
    [InlineData("""{"propertyNames":{"maxLength":3}}""", """{"foo":{},"foobar":{}}""", false)]
    [InlineData("""{"propertyNames":{"maxLength":3}}""", "{}", true)]
    [InlineData("""{"propertyNames":{"maxLength":3}}""", "[1,2,3,4]", true)]
    [InlineData("""{"propertyNames":{"pattern":"^a+$"}}""", """{"a":{},"aa":{}}""", true)]
    [InlineData("""{"propertyNames":{"pattern":"^a+$"}}""", """{"aaA":{}}""", false)]
    [InlineData("""{"propertyNames":true}""", """{"foo":1}""", true)]
    [InlineData("""{"propertyNames":false}""", """{"foo":1}""", false)]
    [InlineData("""{"propertyNames":false}""", "{}", true)]
    [InlineData("""{"minProperties":1}""", """{"foo":1,"bar":2}""", true)]
    [InlineData("""{"minProperties":1}""", "{}", false)]
    [InlineData("""{"minProperties":1}""", "[]", true)]
    [InlineData("""{"minProperties":1.0}""", "{}", false)]
    [InlineData("""{"maxProperties":2}""", """{"foo":1,"bar":2}""", true)]
    [InlineData("""{"maxProperties":2}""", """{"foo":1,"bar":2,"baz":3}""", false)]
    [InlineData("""{"maxProperties":0}""", "{}", true)]
    [InlineData("""{"maxProperties":0}""", """{"foo":1}""", false)]
    public void PropertyNamesAndCounts(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData("""{"dependentRequired":{"bar":["foo"]}}""", "{}", true)]
    [InlineData("""{"dependentRequired":{"bar":["foo"]}}""", """{"foo":1}""", true)]
    [InlineData("""{"dependentRequired":{"bar":["foo"]}}""", """{"foo":1,"bar":2}""", true)]
    [InlineData("""{"dependentRequired":{"bar":["foo"]}}""", """{"bar":2}""", false)]
    [InlineData("""{"dependentRequired":{"bar":["foo"]}}""", """["bar"]""", true)]
    [InlineData("""{"dependentRequired":{"bar":[]}}""", """{"bar":2}""", true)]
    [InlineData("""{"dependentRequired":{"quux":["foo","bar"]}}""", """{"foo":1,"quux":2}""", false)]
    [InlineData("""{"dependentRequired":{"quux":["foo","bar"]}}""", """{"foo":1,"bar":2,"quux":3}""", true)]
    [InlineData("""{"dependentSchemas":{"bar":{"properties":{"foo":{"type":"integer"},"bar":{"type":"integer"}}}}}""", """{"foo":1,"bar":2}""", true)]
    [InlineData("""{"dependentSchemas":{"bar":{"properties":{"foo":{"type":"integer"},"bar":{"type":"integer"}}}}}""", """{"foo":"quux"}""", true)]
    [InlineData("""{"dependentSchemas":{"bar":{"properties":{"foo":{"type":"integer"},"bar":{"type":"integer"}}}}}""", """{"foo":"quux","bar":2}""", false)]
    [InlineData("""{"dependentSchemas":{"bar":{"properties":{"foo":{"type":"integer"},"bar":{"type":"integer"}}}}}""", """{"foo":2,"bar":"quux"}""", false)]
    [InlineData("""{"dependentSchemas":{"foo":true,"bar":false}}""", """{"foo":1}""", true)]
    [InlineData("""{"dependentSchemas":{"foo":true,"bar":false}}""", """{"bar":2}""", false)]
    public void Dependencies(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);
}
