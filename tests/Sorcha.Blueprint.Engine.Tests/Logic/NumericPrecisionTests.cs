namespace Sorcha.Blueprint.Engine.Tests.Logic;

/// <summary>
/// Deliberate departures from JavaScript's doubles: decimal arithmetic when exact, so money adds up.
/// </summary>
public class NumericPrecisionTests
{
    [Theory]
    [InlineData("""{"+":[0.1,0.2]}""", "0.3")]
    [InlineData("""{"*":[19.99,3]}""", "59.97")]
    [InlineData("""{"-":[1000.10,0.1]}""", "1000")]
    [InlineData("""{"*":[1000,1.2]}""", "1200")]
    [InlineData("""{"==":[{"+":[0.1,0.2]},0.3]}""", "true")]
    [InlineData("""{"/":[10,4]}""", "2.5")]
    [InlineData("""{"+":[1e300,1]}""", "1e300")]
    public void Arithmetic_is_exact_in_decimal_range(string rule, string expected) => LogicCase.Check(rule, "{}", expected);

    [Fact]
    public void Calculated_numbers_serialise_without_trailing_zeros()
    {
        var result = Sorcha.Blueprint.Engine.Logic.JsonLogic.Apply(TestJson.Parse("""{"*":[1000,1.20]}"""), null);

        Assert.Equal("1200", TestJson.Text(result));
    }
}
