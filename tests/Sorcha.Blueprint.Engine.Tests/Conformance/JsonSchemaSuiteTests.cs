using Sorcha.Blueprint.Engine.Schema;

namespace Sorcha.Blueprint.Engine.Tests.Conformance;

/// <summary>
/// One test per case of the official draft2020-12 suite, run as the Blueprint service runs the engine (Compile, then
/// IsValid and Evaluate under the default limits). A case listed in <see cref="Divergences"/> is skipped with its
/// reason; any other failure fails the build. `dotnet test --filter JsonSchemaSuiteTests` prints the counts. The suite
/// is read from outside the repository (Conformance/README.md); when it is absent, a single test is skipped saying so.
/// </summary>
public class JsonSchemaSuiteTests
{
    /// <summary>Deliberate differences from the suite, each with the reason it stays.</summary>
    private static readonly Dictionary<string, string> Divergences = new(StringComparer.Ordinal)
    {
        // The suite treats format as an annotation by default; the engine asserts these five (README, "format") because
        // a blueprint author who writes "format": "date" means it, and signed data with a malformed date is worse.
        [FormatIsAsserted("date")] = AssertedFormat,
        [FormatIsAsserted("date-time")] = AssertedFormat,
        [FormatIsAsserted("email")] = AssertedFormat,
        [FormatIsAsserted("uri")] = AssertedFormat,
        [FormatIsAsserted("uuid")] = AssertedFormat,

        // A custom metaschema's $vocabulary is not honoured: 2020-12's keywords always apply. Turning the validation
        // vocabulary off would make "minimum" silently accept what the schema appears to reject.
        ["vocabulary › schema that uses custom metaschema with with no validation vocabulary › no validation: invalid number, but it still validates"] =
            "$vocabulary is not honoured; validation keywords always assert",
    };

    private const string AssertedFormat = "format asserts (date, date-time, email, uri, uuid) rather than annotating";

    private static string FormatIsAsserted(string format) =>
        $"format › {format} format › invalid {format} string is only an annotation by default";

    private static readonly Lazy<SchemaRegistry> Registry = new(SchemaSuite.Registry);

    public static TheoryData<SuiteCase> Cases() => SchemaSuite.Missing.Value is null
        ? [.. SchemaSuite.Cases.Value.Keys.Select(name => new SuiteCase(name))]
        : [new SuiteCase(ConformanceData.Absent)];

    [SkippableTheory]
    [MemberData(nameof(Cases))]
    public void Case(SuiteCase test)
    {
        Skip.If(SchemaSuite.Missing.Value is not null, SchemaSuite.Missing.Value);
        var name = test.Name;
        Skip.If(Divergences.TryGetValue(name, out var reason), reason);
        var (schema, data, valid) = SchemaSuite.Cases.Value[name];

        var compiled = JsonSchema.Compile(schema, Registry.Value);

        Assert.Equal(valid, compiled.IsValid(data));
        Assert.Equal(valid, compiled.Evaluate(data).Count == 0);
    }
}
