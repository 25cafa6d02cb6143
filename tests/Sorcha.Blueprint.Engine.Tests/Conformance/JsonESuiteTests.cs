using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;
using Sorcha.Blueprint.Engine.Templates;

namespace Sorcha.Blueprint.Engine.Tests.Conformance;

/// <summary>
/// One test per case of the JSON-e specification (json-e's specification.yml), rendered as the templates API does.
/// An error case passes when rendering throws <see cref="JsonETemplateException"/> of the kind the case names
/// (TemplateError, InterpreterError, SyntaxError, BuiltinError); the reference's wording is not compared. A case listed
/// in <see cref="Divergences"/> is skipped with its reason; any other failure fails the build.
/// </summary>
public class JsonESuiteTests
{
    /// <summary>The specification's clock: "Time at test time is expected to be '2017-01-19T16:27:20.974Z'".</summary>
    private static readonly DateTimeOffset Now = DateTimeOffset.Parse("2017-01-19T16:27:20.974Z", System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>Deliberate differences from the specification, each with the reason it stays.</summary>
    private static readonly Dictionary<string, string> Divergences = new(StringComparer.Ordinal)
    {
    };

    public static TheoryData<SuiteCase> Cases() => JsonESuite.Missing.Value is null
        ? [.. JsonESuite.Cases.Value.Keys.Select(name => new SuiteCase(name))]
        : [new SuiteCase(ConformanceData.Absent)];

    [SkippableTheory]
    [MemberData(nameof(Cases))]
    public void Case(SuiteCase test)
    {
        Skip.If(JsonESuite.Missing.Value is not null, JsonESuite.Missing.Value);
        Skip.If(Divergences.TryGetValue(test.Name, out var reason), reason);
        var c = JsonESuite.Cases.Value[test.Name];
        var context = c.Context as JsonObject ?? [];

        if (!c.ExpectsError)
        {
            var result = JsonE.Render(c.Template, context, new WorkBudget(), Now);
            Assert.True(JsonEquality.DeepEquals(c.Result, result), $"expected {Text(c.Result)} but got {Text(result)}");
            return;
        }

        var error = Assert.Throws<JsonETemplateException>(() => JsonE.Render(c.Template, context, new WorkBudget(), Now));
        if (c.Error is not null)
        {
            Assert.True(c.Error.StartsWith(Name(error.Kind), StringComparison.Ordinal), $"expected {c.Error} but got {error.Message}");
        }
    }

    private static string Name(JsonEErrorKind kind) => kind switch
    {
        JsonEErrorKind.Syntax => "SyntaxError",
        JsonEErrorKind.Interpreter => "InterpreterError",
        JsonEErrorKind.Builtin => "BuiltinError",
        _ => "TemplateError",
    };

    private static string Text(JsonNode? node) => node?.ToJsonString() ?? "null";
}
