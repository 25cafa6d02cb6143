namespace Sorcha.Blueprint.Engine.Tests.Schema;

public class TypeKeywordTests
{
    [Theory]
    [InlineData("""{"type":"integer"}""", "1", true)]
    [InlineData("""{"type":"integer"}""", "1.0", true)]
    [InlineData("""{"type":"integer"}""", "1.1", false)]
    [InlineData("""{"type":"integer"}""", "\"1\"", false)]
    [InlineData("""{"type":"integer"}""", "1e2", true)]
    [InlineData("""{"type":"integer"}""", "null", false)]
    [InlineData("""{"type":"number"}""", "1", true)]
    [InlineData("""{"type":"number"}""", "1.5", true)]
    [InlineData("""{"type":"number"}""", "\"1\"", false)]
    [InlineData("""{"type":"number"}""", "true", false)]
    [InlineData("""{"type":"string"}""", "\"foo\"", true)]
    [InlineData("""{"type":"string"}""", "\"\"", true)]
    [InlineData("""{"type":"string"}""", "1", false)]
    [InlineData("""{"type":"object"}""", "{}", true)]
    [InlineData("""{"type":"object"}""", "[]", false)]
    [InlineData("""{"type":"array"}""", "[]", true)]
    [InlineData("""{"type":"array"}""", "{}", false)]
    [InlineData("""{"type":"boolean"}""", "true", true)]
    [InlineData("""{"type":"boolean"}""", "false", true)]
    [InlineData("""{"type":"boolean"}""", "0", false)]
    [InlineData("""{"type":"boolean"}""", "\"\"", false)]
    [InlineData("""{"type":"null"}""", "null", true)]
    [InlineData("""{"type":"null"}""", "0", false)]
    [InlineData("""{"type":"null"}""", "false", false)]
    [InlineData("""{"type":["integer","string"]}""", "1", true)]
    [InlineData("""{"type":["integer","string"]}""", "\"foo\"", true)]
    [InlineData("""{"type":["integer","string"]}""", "1.5", false)]
    [InlineData("""{"type":["integer","string"]}""", "{}", false)]
    [InlineData("""{"type":["array","object","null"]}""", "null", true)]
    [InlineData("""{"type":["array","object","null"]}""", "123", false)]
    public void Type(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData("true", "1", true)]
    [InlineData("true", "{\"foo\":\"bar\"}", true)]
    [InlineData("false", "1", false)]
    [InlineData("false", "null", false)]
    [InlineData("{}", "[1,\"x\"]", true)]
    public void BooleanAndEmptySchemas(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData("""{"type":"integer","title":"t","description":"d","default":5,"examples":[1],"x-unknown":{"type":"string"}}""", "3", true)]
    [InlineData("""{"unknownKeyword":42}""", "\"anything\"", true)]
    public void Annotations_and_unknown_keywords_are_ignored(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);
}
