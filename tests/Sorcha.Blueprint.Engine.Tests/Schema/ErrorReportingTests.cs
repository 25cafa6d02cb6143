using Sorcha.Blueprint.Engine.Schema;

namespace Sorcha.Blueprint.Engine.Tests.Schema;

public class ErrorReportingTests
{
    private const string Order = """
        {
          "type": "object",
          "required": ["customer", "amount", "lines"],
          "additionalProperties": false,
          "properties": {
            "customer": {
              "type": "object",
              "required": ["name", "email"],
              "properties": {
                "name": { "type": "string", "minLength": 2 },
                "email": { "type": "string", "format": "email" },
                "address": { "type": "object", "properties": { "city": { "type": "string" } } }
              }
            },
            "amount": { "type": "number", "minimum": 0 },
            "currency": { "enum": ["GBP", "EUR"] },
            "lines": {
              "type": "array",
              "minItems": 1,
              "items": {
                "type": "object",
                "required": ["sku", "qty"],
                "properties": { "sku": { "type": "string", "pattern": "^[A-Z]{3}-[0-9]+$" }, "qty": { "type": "integer", "minimum": 1 } }
              }
            }
          }
        }
        """;

    [Fact]
    public void Evaluate_valid_instance_returns_no_errors()
    {
        var schema = JsonSchema.Compile(TestJson.Parse(Order));

        var errors = schema.Evaluate(TestJson.Parse("""{"customer":{"name":"Ann","email":"ann@example.com"},"amount":10,"lines":[{"sku":"ABC-1","qty":1}]}"""));

        Assert.Empty(errors);
    }

    [Fact]
    public void Evaluate_reports_every_failing_location_not_just_the_first()
    {
        var schema = JsonSchema.Compile(TestJson.Parse(Order));
        var instance = TestJson.Parse("""
            {
              "customer": { "name": "A", "address": { "city": 7 } },
              "amount": -5,
              "currency": "USD",
              "lines": [ { "sku": "abc", "qty": 0 }, { "qty": 1.5 } ],
              "extra": true
            }
            """);

        var pointers = schema.Evaluate(instance).Select(e => e.Pointer).ToHashSet();

        Assert.Equal(
            new HashSet<string>
            {
                "/customer/name", "/customer/email", "/customer/address/city", "/amount", "/currency",
                "/lines/0/sku", "/lines/0/qty", "/lines/1/sku", "/lines/1/qty", "/extra",
            },
            pointers);
    }

    [Fact]
    public void Evaluate_missing_required_fields_point_at_each_missing_field()
    {
        var schema = JsonSchema.Compile(TestJson.Parse(Order));

        var errors = schema.Evaluate(TestJson.Parse("{}"));

        Assert.Equal(["/amount", "/customer", "/lines"], errors.Select(e => e.Pointer).Order().ToArray());
        Assert.All(errors, e => Assert.Equal("is required", e.Message));
    }

    [Fact]
    public void Evaluate_several_failures_at_one_location_are_all_listed()
    {
        var schema = JsonSchema.Compile(TestJson.Parse("""{"properties":{"code":{"type":"string","minLength":5,"pattern":"^[0-9]+$"}}}"""));

        var errors = schema.Evaluate(TestJson.Parse("""{"code":"ab"}"""));

        Assert.Equal(2, errors.Count);
        Assert.All(errors, e => Assert.Equal("/code", e.Pointer));
    }

    [Theory]
    [InlineData("""{"properties":{"a":{"type":"string"}},"unevaluatedProperties":false}""")]
    [InlineData("""{"allOf":[{"properties":{"a":{"type":"string"}}}],"unevaluatedProperties":false}""")]
    [InlineData("""{"$defs":{"base":{"properties":{"a":{"type":"string"}}}},"$ref":"#/$defs/base","unevaluatedProperties":false}""")]
    public void Evaluate_unevaluated_properties_points_at_the_extra_property_only(string schema)
    {
        var errors = JsonSchema.Compile(TestJson.Parse(schema)).Evaluate(TestJson.Parse("""{"a":1,"b":2}"""));

        // "a" is declared (its value is wrong); only "b" is the property the closed object does not allow.
        Assert.Equal(["/a", "/b"], errors.Select(e => e.Pointer).Order(StringComparer.Ordinal).ToArray());
        Assert.Contains(errors, e => e.Pointer == "/b" && e.Message.Contains("unevaluatedProperties", StringComparison.Ordinal));
    }

    [Fact]
    public void Evaluate_unevaluated_items_points_at_the_extra_item()
    {
        var errors = JsonSchema.Compile(TestJson.Parse("""{"prefixItems":[{"type":"string"}],"unevaluatedItems":false}""")).Evaluate(TestJson.Parse("""["x",2,3]"""));

        Assert.Equal(["/1", "/2"], errors.Select(e => e.Pointer).ToArray());
    }

    [Fact]
    public void Evaluate_root_type_mismatch_uses_empty_pointer()
    {
        var schema = JsonSchema.Compile(TestJson.Parse("""{"type":"object"}"""));

        var error = Assert.Single(schema.Evaluate(TestJson.Parse("[]")));

        Assert.Equal(string.Empty, error.Pointer);
        Assert.Contains("object", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Evaluate_property_names_needing_escapes_are_escaped_in_pointers()
    {
        var schema = JsonSchema.Compile(TestJson.Parse("""{"additionalProperties":{"type":"string"}}"""));

        var error = Assert.Single(schema.Evaluate(TestJson.Parse("""{"a/b~c":1}""")));

        Assert.Equal("/a~1b~0c", error.Pointer);
    }

    [Fact]
    public void Evaluate_any_of_failure_is_one_error_at_the_location()
    {
        var schema = JsonSchema.Compile(TestJson.Parse("""{"properties":{"id":{"anyOf":[{"type":"integer"},{"format":"uuid","type":"string"}]}}}"""));

        var error = Assert.Single(schema.Evaluate(TestJson.Parse("""{"id":"nope"}""")));

        Assert.Equal("/id", error.Pointer);
    }

    [Fact]
    public void Evaluate_identical_errors_from_all_of_branches_are_reported_once()
    {
        var schema = JsonSchema.Compile(TestJson.Parse("""{"allOf":[{"required":["a"]},{"required":["a"]}]}"""));

        Assert.Single(schema.Evaluate(TestJson.Parse("{}")));
    }

    [Fact]
    public void Compiled_schema_is_safe_to_use_from_many_threads()
    {
        var schema = JsonSchema.Compile(TestJson.Parse(Order));
        var valid = """{"customer":{"name":"Ann","email":"ann@example.com"},"amount":10,"currency":"GBP","lines":[{"sku":"ABC-1","qty":1}]}""";

        var results = Enumerable.Range(0, 200).AsParallel()
            .Select(i => schema.Evaluate(TestJson.Parse(i % 2 == 0 ? valid : "{}")).Count)
            .ToArray();

        Assert.All(results.Where((_, i) => i % 2 == 0), count => Assert.Equal(0, count));
    }
}
