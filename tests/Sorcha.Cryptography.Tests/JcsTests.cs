using System.Buffers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Sorcha.Cryptography.Tests;

public class JcsTests
{
    private static string Canonical(string json)
    {
        using var document = JsonDocument.Parse(json);
        return Jcs.CanonicalizeToString(document.RootElement);
    }

    [Fact]
    public void Canonicalize_Rfc8785_section_322_example_matches_published_output()
    {
        const string input = """
            {
              "numbers": [333333333.33333329, 1E30, 4.50,
                          2e-3, 0.000000000000000000000000001],
              "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
              "literals": [null, true, false]
            }
            """;
        const string expected = "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],\"string\":\"€$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}";
        Assert.Equal(expected, Canonical(input));
    }

    [Fact]
    public void Canonicalize_Rfc8785_sorting_example_sorts_by_Utf16_code_units()
    {
        const string input = """
            {
              "\u20ac": "Euro Sign",
              "\r": "Carriage Return",
              "\ufb33": "Hebrew Letter Dalet With Dagesh",
              "1": "One",
              "\ud83d\ude00": "Emoji: Grinning Face",
              "\u0080": "Control",
              "\u00f6": "Latin Small Letter O With Diaeresis"
            }
            """;
        const string expected = "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\",\"\u00f6\":\"Latin Small Letter O With Diaeresis\",\"\u20ac\":\"Euro Sign\",\"\ud83d\ude00\":\"Emoji: Grinning Face\",\"\ufb33\":\"Hebrew Letter Dalet With Dagesh\"}";
        Assert.Equal(expected, Canonical(input));
    }

    [Fact]
    public void Canonicalize_unescaped_non_bmp_and_private_use_names_sort_like_Utf16()
    {
        // Same names as the RFC example but written literally, so the raw-UTF-8 comparison path is exercised.
        var input = "{\"\ufb33\":3,\"\ud83d\ude00\":2,\"\u20ac\":1}";
        Assert.Equal("{\"\u20ac\":1,\"\ud83d\ude00\":2,\"\ufb33\":3}", Canonical(input));
    }

    // RFC 8785 Appendix B: IEEE 754 bit patterns and their canonical text.
    [Theory]
    [InlineData("0000000000000000", "0")]
    [InlineData("8000000000000000", "0")]
    [InlineData("0000000000000001", "5e-324")]
    [InlineData("8000000000000001", "-5e-324")]
    [InlineData("7fefffffffffffff", "1.7976931348623157e+308")]
    [InlineData("ffefffffffffffff", "-1.7976931348623157e+308")]
    [InlineData("4340000000000000", "9007199254740992")]
    [InlineData("c340000000000000", "-9007199254740992")]
    [InlineData("4430000000000000", "295147905179352830000")]
    [InlineData("44b52d02c7e14af5", "9.999999999999997e+22")]
    [InlineData("44b52d02c7e14af6", "1e+23")]
    [InlineData("44b52d02c7e14af7", "1.0000000000000001e+23")]
    [InlineData("444b1ae4d6e2ef4e", "999999999999999700000")]
    [InlineData("444b1ae4d6e2ef4f", "999999999999999900000")]
    [InlineData("444b1ae4d6e2ef50", "1e+21")]
    [InlineData("3eb0c6f7a0b5ed8c", "9.999999999999997e-7")]
    [InlineData("3eb0c6f7a0b5ed8d", "0.000001")]
    [InlineData("41b3de4355555553", "333333333.3333332")]
    [InlineData("41b3de4355555554", "333333333.33333325")]
    [InlineData("41b3de4355555555", "333333333.3333333")]
    [InlineData("41b3de4355555556", "333333333.3333334")]
    [InlineData("41b3de4355555557", "333333333.33333343")]
    [InlineData("becbf647612f3696", "-0.0000033333333333333333")]
    [InlineData("43143ff3c1cb0959", "1424953923781206.2")]
    public void Canonicalize_Rfc8785_appendix_b_numbers_match_published_text(string ieeeHex, string expected)
    {
        var value = BitConverter.Int64BitsToDouble(Convert.ToInt64(ieeeHex, 16));
        var json = value.ToString("R", System.Globalization.CultureInfo.InvariantCulture);
        Assert.Equal(expected, Canonical(json));
        Assert.Equal(expected, Encoding.UTF8.GetString(Jcs.Canonicalize(JsonValue.Create(value))));
    }

    [Theory]
    [InlineData("1e21", "1e+21")]
    [InlineData("1e-7", "1e-7")]
    [InlineData("-0", "0")]
    [InlineData("-0.0", "0")]
    [InlineData("123456789012345680000", "123456789012345680000")]
    [InlineData("1E2", "100")]
    [InlineData("100.000", "100")]
    [InlineData("0.1", "0.1")]
    [InlineData("-12.5e-3", "-0.0125")]
    [InlineData("1e-400", "0")]
    [InlineData("123456789012345", "123456789012345")]
    [InlineData("-123456789012345", "-123456789012345")]
    [InlineData("1234567890123456789", "1234567890123456800")]
    [InlineData("1.5e300", "1.5e+300")]
    public void Canonicalize_number_uses_ecma_script_form(string json, string expected) => Assert.Equal(expected, Canonical(json));

    [Theory]
    [InlineData("1e400")]
    [InlineData("-1e309")]
    public void Canonicalize_number_beyond_double_throws_format_exception(string json) =>
        Assert.Throws<FormatException>(() => Canonical(json));

    [Fact]
    public void Canonicalize_NaN_node_throws_format_exception() =>
        Assert.Throws<FormatException>(() => Jcs.Canonicalize(JsonValue.Create(double.NaN)));

    [Fact]
    public void Canonicalize_duplicate_names_throws_format_exception()
    {
        Assert.Throws<FormatException>(() => Canonical("{\"a\":1,\"a\":2}"));
        Assert.Throws<FormatException>(() => Canonical("{\"a\":1,\"\\u0061\":2}"));
    }

    [Fact]
    public void Canonicalize_lone_surrogate_throws_format_exception()
    {
        Assert.Throws<FormatException>(() => Canonical("\"\\ud800\""));
        Assert.Throws<FormatException>(() => Canonical("{\"\\udc00\":1}"));
    }

    [Fact]
    public void Canonicalize_invalid_Utf8_throws_format_exception()
    {
        using var document = JsonDocument.Parse(new byte[] { (byte)'"', 0xFF, (byte)'"' });
        Assert.Throws<FormatException>(() => Jcs.Canonicalize(document.RootElement));
    }

    [Theory]
    [InlineData("\"\\u0000\\u001f\\u007f\"", "\"\\u0000\\u001f\u007f\"")]
    [InlineData("\"\\b\\t\\n\\f\\r\"", "\"\\b\\t\\n\\f\\r\"")]
    [InlineData("\"\\/\\u00e9\\u20AC\"", "\"/\u00e9\u20ac\"")]
    [InlineData("\"<>&'\"", "\"<>&'\"")]
    [InlineData("\"\\u000B\"", "\"\\u000b\"")]
    public void Canonicalize_string_escapes_only_what_Rfc8785_requires(string json, string expected) =>
        Assert.Equal(expected, Canonical(json));

    [Fact]
    public void Canonicalize_whitespace_and_nesting_removed() =>
        Assert.Equal("[{\"a\":[],\"b\":{}},true,null,\"x\"]", Canonical(" [ { \"b\" : { } , \"a\" : [ ] } , true , null , \"x\" ] "));

    [Fact]
    public void Canonicalize_large_object_sorts_all_names()
    {
        var names = Enumerable.Range(0, 100).Select(i => $"k{i:D3}").Reverse().ToList();
        var json = "{" + string.Join(",", names.Select(n => $"\"{n}\":0")) + "}";
        var expected = "{" + string.Join(",", names.Order(StringComparer.Ordinal).Select(n => $"\"{n}\":0")) + "}";
        Assert.Equal(expected, Canonical(json));
    }

    [Fact]
    public void Canonicalize_json_node_matches_element()
    {
        var node = new JsonObject
        {
            ["z"] = 1.0,
            ["a"] = new JsonArray(1, "two", null, false, 4.5m),
            ["m"] = "\u20ac<tag>",
        };
        Assert.Equal("{\"a\":[1,\"two\",null,false,4.5],\"m\":\"\u20ac<tag>\",\"z\":1}", Encoding.UTF8.GetString(Jcs.Canonicalize(node)));
        Assert.Equal("null", Encoding.UTF8.GetString(Jcs.Canonicalize((JsonNode?)null)));
    }

    [Fact]
    public void Write_to_omit_root_property_drops_only_top_level_name()
    {
        using var document = JsonDocument.Parse("{\"signature\":\"x\",\"b\":{\"signature\":1},\"a\":2}");
        var output = new ArrayBufferWriter<byte>();
        Jcs.WriteTo(document.RootElement, output, "signature");
        Assert.Equal("{\"a\":2,\"b\":{\"signature\":1}}", Encoding.UTF8.GetString(output.WrittenSpan));
    }

    [Fact]
    public void Sha256_element_equals_hash_of_canonical_bytes()
    {
        using var document = JsonDocument.Parse("{\"b\":1,\"a\":\"\u00e9\",\"signature\":\"s\"}");
        Assert.Equal(Hashes.Sha256("{\"a\":\"\u00e9\",\"b\":1}"u8), Jcs.Sha256(document.RootElement, "signature"));
        Assert.Equal(Hashes.Sha256(Jcs.Canonicalize(document.RootElement)), Jcs.Sha256(document.RootElement));
    }

    [Fact]
    public void Canonicalize_output_is_idempotent()
    {
        var once = Canonical("{\"b\":[1E3,{\"d\":\"\\u00e9\",\"c\":null}],\"a\":-0.5}");
        Assert.Equal(once, Canonical(once));
    }
}
