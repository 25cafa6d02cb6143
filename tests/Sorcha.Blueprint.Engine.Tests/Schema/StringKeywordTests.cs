namespace Sorcha.Blueprint.Engine.Tests.Schema;

public class StringKeywordTests
{
    [Theory]
    [InlineData("""{"minLength":2}""", "\"foo\"", true)]
    [InlineData("""{"minLength":2}""", "\"fo\"", true)]
    [InlineData("""{"minLength":2}""", "\"f\"", false)]
    [InlineData("""{"minLength":2}""", "1", true)]
    [InlineData("""{"minLength":2}""", "\"\uD83D\uDCA9\"", false)]
    [InlineData("""{"minLength":2.0}""", "\"f\"", false)]
    [InlineData("""{"maxLength":2}""", "\"f\"", true)]
    [InlineData("""{"maxLength":2}""", "\"foo\"", false)]
    [InlineData("""{"maxLength":2}""", "100", true)]
    [InlineData("""{"maxLength":2}""", "\"\uD83D\uDCA9\uD83D\uDCA9\"", true)]
    [InlineData("""{"maxLength":0}""", "\"\"", true)]
    public void Length_counts_code_points(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);

    [Theory]
    [InlineData("""{"pattern":"^a*$"}""", "\"aaa\"", true)]
    [InlineData("""{"pattern":"^a*$"}""", "\"abc\"", false)]
    [InlineData("""{"pattern":"^a*$"}""", "true", true)]
    [InlineData("""{"pattern":"^a*$"}""", "123", true)]
    [InlineData("""{"pattern":"^a*$"}""", "null", true)]
    [InlineData("""{"pattern":"a+"}""", "\"xxaayy\"", true)]
    [InlineData("""{"pattern":"^[A-Z]{3}$"}""", "\"GBP\"", true)]
    [InlineData("""{"pattern":"^[A-Z]{3}$"}""", "\"gbp\"", false)]
    [InlineData("""{"pattern":"^\\p{L}+$"}""", "\"héllo\"", true)]
    [InlineData("""{"pattern":"^(?!admin).*$"}""", "\"administrator\"", false)]
    [InlineData("""{"pattern":"^(?!admin).*$"}""", "\"user\"", true)]
    [InlineData("""{"pattern":"^(a+)+$"}""", "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\"", false)]
    public void Pattern_is_unanchored_and_safe(string schema, string instance, bool valid) => SchemaCase.Check(schema, instance, valid);
}
