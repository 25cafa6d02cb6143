namespace Sorcha.Blueprint.Engine.Tests.Schema;

public class FormatTests
{
    [Theory]
    [InlineData("2024-02-29", true)]
    [InlineData("2023-02-29", false)]
    [InlineData("1963-06-19", true)]
    [InlineData("2020-01-32", false)]
    [InlineData("2020-13-01", false)]
    [InlineData("06/19/1963", false)]
    [InlineData("1963-6-19", false)]
    [InlineData("2020-01-01T00:00:00Z", false)]
    [InlineData("1963-06-1\u09ea", false)]
    public void Date(string value, bool valid) => Check("date", value, valid);

    [Theory]
    [InlineData("1963-06-19T08:30:06.283185Z", true)]
    [InlineData("1963-06-19T08:30:06Z", true)]
    [InlineData("1963-06-19t08:30:06z", true)]
    [InlineData("1937-01-01T12:00:27.87+00:20", true)]
    [InlineData("1990-12-31T15:59:59-08:00", true)]
    [InlineData("1998-12-31T23:59:60Z", true)]
    [InlineData("1998-12-31T15:59:60.123-08:00", true)]
    [InlineData("1998-12-31T23:58:60Z", false)]
    [InlineData("1990-02-31T15:59:59.123-08:00", false)]
    [InlineData("1990-12-31T15:59:59-24:00", false)]
    [InlineData("1963-06-19T08:30:06", false)]
    [InlineData("1963-06-19 08:30:06Z", false)]
    [InlineData("06/19/1963 08:30:06 PST", false)]
    [InlineData("2013-350T01:01:01", false)]
    public void DateTime(string value, bool valid) => Check("date-time", value, valid);

    [Theory]
    [InlineData("joe.bloggs@example.com", true)]
    [InlineData("te~st@example.com", true)]
    [InlineData("~test@example.com", true)]
    [InlineData("\"joe bloggs\"@example.com", true)]
    [InlineData("joe.bloggs@[127.0.0.1]", true)]
    [InlineData("joe.bloggs@[IPv6:::1]", true)]
    [InlineData("2962", false)]
    [InlineData(".test@example.com", false)]
    [InlineData("test.@example.com", false)]
    [InlineData("te..st@example.com", false)]
    [InlineData("joe@-example.com", false)]
    [InlineData("joe bloggs@example.com", false)]
    [InlineData("@example.com", false)]
    [InlineData("joe@", false)]
    public void Email(string value, bool valid) => Check("email", value, valid);

    [Theory]
    [InlineData("2EB8AA08-AA98-11EA-B4AA-73B441D16380", true)]
    [InlineData("2eb8aa08-aa98-11ea-b4aa-73b441d16380", true)]
    [InlineData("00000000-0000-0000-0000-000000000000", true)]
    [InlineData("2eb8aa08-aa98-11ea-b4aa-73b441d1638", false)]
    [InlineData("2eb8aa08-aa98-11ea-73b441d16380", false)]
    [InlineData("2eb8aa08aa9811eab4aa73b441d16380", false)]
    [InlineData("{2eb8aa08-aa98-11ea-b4aa-73b441d16380}", false)]
    [InlineData("2eb8-aa08-aa98-11ea-b4aa73b44-1d16380", false)]
    public void Uuid(string value, bool valid) => Check("uuid", value, valid);

    [Theory]
    [InlineData("http://foo.bar/?baz=qux#quux", true)]
    [InlineData("http://foo.com/blah_(wikipedia)_blah#cite-1", true)]
    [InlineData("ftp://ftp.is.co.za/rfc/rfc1808.txt", true)]
    [InlineData("mailto:John.Doe@example.com", true)]
    [InlineData("urn:oasis:names:specification:docbook:dtd:xml:4.1.2", true)]
    [InlineData("tel:+1-816-555-1212", true)]
    [InlineData("//foo.bar/?baz=qux#quux", false)]
    [InlineData("/abc", false)]
    [InlineData("\\\\WINDOWS\\fileshare", false)]
    [InlineData("abc", false)]
    [InlineData("http:// shouldfail.com", false)]
    [InlineData(":// should fail", false)]
    [InlineData("bar,baz:foo", false)]
    public void Uri(string value, bool valid) => Check("uri", value, valid);

    [Theory]
    [InlineData("hostname", "not a hostname!")]
    [InlineData("ipv4", "999.1.1.1")]
    [InlineData("made-up-format", "anything")]
    public void Other_formats_are_annotations_only(string format, string value) => Check(format, value, true);

    [Fact]
    public void Formats_ignore_non_strings() =>
        SchemaCase.Check("""{"format":"date"}""", "12", true);

    private static void Check(string format, string value, bool valid) =>
        SchemaCase.Check($$"""{"format":"{{format}}"}""", System.Text.Json.JsonSerializer.Serialize(value), valid);
}
