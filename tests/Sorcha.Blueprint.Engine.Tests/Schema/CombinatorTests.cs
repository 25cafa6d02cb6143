namespace Sorcha.Blueprint.Engine.Tests.Schema;

public class CombinatorTests
{
    private const string AllOf = """{"allOf":[{"properties":{"bar":{"type":"integer"}},"required":["bar"]},{"properties":{"foo":{"type":"string"}},"required":["foo"]}]}""";
    private const string AnyOf = """{"anyOf":[{"type":"integer"},{"minimum":2}]}""";
    private const string OneOf = """{"oneOf":[{"type":"integer"},{"minimum":2}]}""";

    [Theory]
    [InlineData(AllOf, """{"foo":"baz","bar":2}""", true)]
    [InlineData(AllOf, """{"foo":"baz"}""", false)]
    [InlineData(AllOf, """{"bar":2}""", false)]
    [InlineData(AllOf, """{"foo":"baz","bar":"quux"}""", false)]
    [InlineData("""{"allOf":[true,true]}""", "\"foo\"", true)]
    [InlineData("""{"allOf":[true,false]}""", "\"foo\"", false)]
    [InlineData("""{"allOf":[{"multipleOf":2},{"multipleOf":5}]}""", "10", true)]
    [InlineData("""{"allOf":[{"multipleOf":2},{"multipleOf":5}]}""", "15", false)]
    public void AllOfKeyword(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData(AnyOf, "1", true)]
    [InlineData(AnyOf, "2.5", true)]
    [InlineData(AnyOf, "3", true)]
    [InlineData(AnyOf, "1.5", false)]
    [InlineData("""{"anyOf":[true,false]}""", "\"foo\"", true)]
    [InlineData("""{"anyOf":[false,false]}""", "\"foo\"", false)]
    [InlineData("""{"anyOf":[{"properties":{"bar":{"type":"integer"}},"required":["bar"]},{"properties":{"foo":{"type":"string"}},"required":["foo"]}]}""", """{"foo":2}""", false)]
    public void AnyOfKeyword(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData(OneOf, "1", true)]
    [InlineData(OneOf, "2.5", true)]
    [InlineData(OneOf, "3", false)]
    [InlineData(OneOf, "1.5", false)]
    [InlineData("""{"oneOf":[true,true,true]}""", "\"foo\"", false)]
    [InlineData("""{"oneOf":[true,false,false]}""", "\"foo\"", true)]
    [InlineData("""{"oneOf":[false,false,false]}""", "\"foo\"", false)]
    [InlineData("""{"oneOf":[{"required":["foo","bar"]},{"required":["foo","baz"]}]}""", """{"foo":1,"bar":2,"baz":3}""", false)]
    [InlineData("""{"oneOf":[{"required":["foo","bar"]},{"required":["foo","baz"]}]}""", """{"foo":1,"bar":2}""", true)]
    public void OneOfKeyword(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData("""{"not":{"type":"integer"}}""", "\"foo\"", true)]
    [InlineData("""{"not":{"type":"integer"}}""", "1", false)]
    [InlineData("""{"not":{"type":["integer","boolean"]}}""", "true", false)]
    [InlineData("""{"not":{"type":"object","properties":{"foo":{"type":"string"}}}}""", """{"foo":1}""", true)]
    [InlineData("""{"not":{"type":"object","properties":{"foo":{"type":"string"}}}}""", """{"foo":"bar"}""", false)]
    [InlineData("""{"not":true}""", "1", false)]
    [InlineData("""{"not":false}""", "1", true)]
    [InlineData("""{"not":{"not":{}}}""", "1", true)]
    public void NotKeyword(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData("""{"if":{"exclusiveMaximum":0},"then":{"minimum":-10}}""", "-1", true)]
    [InlineData("""{"if":{"exclusiveMaximum":0},"then":{"minimum":-10}}""", "-100", false)]
    [InlineData("""{"if":{"exclusiveMaximum":0},"then":{"minimum":-10}}""", "3", true)]
    [InlineData("""{"if":{"exclusiveMaximum":0},"else":{"multipleOf":2}}""", "-1", true)]
    [InlineData("""{"if":{"exclusiveMaximum":0},"else":{"multipleOf":2}}""", "4", true)]
    [InlineData("""{"if":{"exclusiveMaximum":0},"else":{"multipleOf":2}}""", "3", false)]
    [InlineData("""{"if":{"exclusiveMaximum":0},"then":{"minimum":-10},"else":{"multipleOf":2}}""", "-100", false)]
    [InlineData("""{"if":{"exclusiveMaximum":0},"then":{"minimum":-10},"else":{"multipleOf":2}}""", "3", false)]
    [InlineData("""{"if":{"exclusiveMaximum":0},"then":{"minimum":-10},"else":{"multipleOf":2}}""", "8", true)]
    [InlineData("""{"then":{"const":"then"},"else":{"const":"else"}}""", "\"no if\"", true)]
    [InlineData("""{"if":{"const":"then"},"then":{"const":"then"}}""", "\"other\"", true)]
    [InlineData("""{"if":true,"then":{"const":"then"},"else":{"const":"else"}}""", "\"else\"", false)]
    [InlineData("""{"if":false,"then":{"const":"then"},"else":{"const":"else"}}""", "\"else\"", true)]
    [InlineData("""{"if":{"properties":{"country":{"const":"US"}}},"then":{"required":["zip"]},"else":{"required":["postcode"]}}""", """{"country":"US","zip":"1"}""", true)]
    [InlineData("""{"if":{"properties":{"country":{"const":"US"}}},"then":{"required":["zip"]},"else":{"required":["postcode"]}}""", """{"country":"GB","zip":"1"}""", false)]
    public void IfThenElse(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);
}
