namespace Sorcha.Blueprint.Engine.Tests.Schema;

public class NumericKeywordTests
{
    [Theory]
    [InlineData("""{"minimum":1.1}""", "2.6", true)]
    [InlineData("""{"minimum":1.1}""", "1.1", true)]
    [InlineData("""{"minimum":1.1}""", "0.6", false)]
    [InlineData("""{"minimum":1.1}""", "\"x\"", true)]
    [InlineData("""{"minimum":-2}""", "-2", true)]
    [InlineData("""{"minimum":-2}""", "-2.0001", false)]
    [InlineData("""{"minimum":-2}""", "-3", false)]
    [InlineData("""{"maximum":3.0}""", "2.6", true)]
    [InlineData("""{"maximum":3.0}""", "3.0", true)]
    [InlineData("""{"maximum":3.0}""", "3", true)]
    [InlineData("""{"maximum":3.0}""", "3.5", false)]
    [InlineData("""{"maximum":300}""", "300.00", true)]
    [InlineData("""{"exclusiveMinimum":1.1}""", "1.2", true)]
    [InlineData("""{"exclusiveMinimum":1.1}""", "1.1", false)]
    [InlineData("""{"exclusiveMinimum":1.1}""", "0.6", false)]
    [InlineData("""{"exclusiveMaximum":3.0}""", "2.2", true)]
    [InlineData("""{"exclusiveMaximum":3.0}""", "3.0", false)]
    [InlineData("""{"exclusiveMaximum":3.0}""", "3.5", false)]
    [InlineData("""{"minimum":0.1}""", "0.1000000000000000000001", true)]
    [InlineData("""{"maximum":1e308}""", "1e309", false)]
    [InlineData("""{"minimum":-1e308}""", "-1e300", true)]
    public void Range(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData("""{"multipleOf":2}""", "10", true)]
    [InlineData("""{"multipleOf":2}""", "7", false)]
    [InlineData("""{"multipleOf":2}""", "\"foo\"", true)]
    [InlineData("""{"multipleOf":1.5}""", "0", true)]
    [InlineData("""{"multipleOf":1.5}""", "4.5", true)]
    [InlineData("""{"multipleOf":1.5}""", "35", false)]
    [InlineData("""{"multipleOf":0.0001}""", "0.0075", true)]
    [InlineData("""{"multipleOf":0.0001}""", "0.00751", false)]
    [InlineData("""{"multipleOf":0.01}""", "19.99", true)]
    [InlineData("""{"multipleOf":0.01}""", "1234.56", true)]
    [InlineData("""{"multipleOf":0.01}""", "1234.567", false)]
    [InlineData("""{"type":"integer","multipleOf":0.123456789}""", "1e308", false)]
    [InlineData("""{"type":"integer","multipleOf":1e-8}""", "12391239123", true)]
    public void Multiple_of_uses_exact_decimal_arithmetic(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);
}
