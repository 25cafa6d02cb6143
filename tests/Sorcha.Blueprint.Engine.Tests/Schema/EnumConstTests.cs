namespace Sorcha.Blueprint.Engine.Tests.Schema;

public class EnumConstTests
{
    [Theory]
    [InlineData("""{"enum":[1,2,3]}""", "1", true)]
    [InlineData("""{"enum":[1,2,3]}""", "4", false)]
    [InlineData("""{"enum":[1,2,3]}""", "1.0", true)]
    [InlineData("""{"enum":[6,"foo",[],true,{"foo":12}]}""", "[]", true)]
    [InlineData("""{"enum":[6,"foo",[],true,{"foo":12}]}""", "null", false)]
    [InlineData("""{"enum":[6,"foo",[],true,{"foo":12}]}""", "{\"foo\":false}", false)]
    [InlineData("""{"enum":[6,"foo",[],true,{"foo":12}]}""", "{\"foo\":12}", true)]
    [InlineData("""{"enum":[false]}""", "false", true)]
    [InlineData("""{"enum":[false]}""", "0", false)]
    [InlineData("""{"enum":[true]}""", "1", false)]
    [InlineData("""{"enum":[0]}""", "false", false)]
    [InlineData("""{"enum":[null]}""", "null", true)]
    [InlineData("""{"enum":["foo\u0000bar"]}""", "\"foo\\u0000bar\"", true)]
    [InlineData("""{"enum":[[1]]}""", "[1.0]", true)]
    public void Enum(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData("""{"const":2}""", "2", true)]
    [InlineData("""{"const":2}""", "5", false)]
    [InlineData("""{"const":2}""", "\"2\"", false)]
    [InlineData("""{"const":2}""", "2.0", true)]
    [InlineData("""{"const":-2.0}""", "-2", true)]
    [InlineData("""{"const":9007199254740992}""", "9007199254740992.0", true)]
    [InlineData("""{"const":0.1}""", "0.10", true)]
    [InlineData("""{"const":{"foo":"bar","baz":"bax"}}""", "{\"baz\":\"bax\",\"foo\":\"bar\"}", true)]
    [InlineData("""{"const":{"foo":"bar","baz":"bax"}}""", "{\"foo\":\"bar\"}", false)]
    [InlineData("""{"const":[{"foo":"bar"}]}""", "[{\"foo\":\"bar\"}]", true)]
    [InlineData("""{"const":[{"foo":"bar"}]}""", "[\"bar\"]", false)]
    [InlineData("""{"const":null}""", "null", true)]
    [InlineData("""{"const":null}""", "0", false)]
    [InlineData("""{"const":false}""", "0", false)]
    [InlineData("""{"const":true}""", "1", false)]
    [InlineData("""{"const":[false]}""", "[0]", false)]
    [InlineData("""{"const":{"a":false}}""", "{\"a\":0}", false)]
    public void Const(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);
}
