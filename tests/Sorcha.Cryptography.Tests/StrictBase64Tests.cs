namespace Sorcha.Cryptography.Tests;

public class StrictBase64Tests
{
    [Theory]
    [InlineData("", new byte[0])]
    [InlineData("QQ==", new byte[] { 0x41 })]
    [InlineData("QUI=", new byte[] { 0x41, 0x42 })]
    [InlineData("QUJD", new byte[] { 0x41, 0x42, 0x43 })]
    [InlineData("+/8=", new byte[] { 0xFB, 0xFF })]
    public void Decodes_the_canonical_form(string text, byte[] expected)
    {
        Assert.True(StrictBase64.TryDecode(text, out var bytes));
        Assert.Equal(expected, bytes);
    }

    [Theory]
    [InlineData("QQ")] // padding missing
    [InlineData("QQ=")] // length not a multiple of 4
    [InlineData("Q Q==")] // whitespace that Convert would skip
    [InlineData("QUJD\n")]
    [InlineData("QUJD\r\nQUJD")]
    [InlineData("-_8=")] // URL-safe alphabet
    [InlineData("QR==")] // non-zero bits after the last byte: a second spelling of "QQ=="
    [InlineData("QUJ=")] // the same for two bytes ("QUI=")
    [InlineData("Q===")]
    [InlineData("=QQ=")]
    [InlineData("QQ==QQ==")] // padding in the middle
    [InlineData("not base64!")]
    public void Rejects_every_other_spelling(string text) => Assert.False(StrictBase64.TryDecode(text, out _));

    [Fact]
    public void Round_trips_random_lengths()
    {
        var random = new Random(7);
        for (var length = 0; length < 200; length++)
        {
            var data = new byte[length];
            random.NextBytes(data);
            Assert.True(StrictBase64.TryDecode(Convert.ToBase64String(data), out var bytes));
            Assert.Equal(data, bytes);
        }
    }
}
