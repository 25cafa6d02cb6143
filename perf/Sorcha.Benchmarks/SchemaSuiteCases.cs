using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Schema;
using NetSchema = Json.Schema;

namespace Sorcha.Benchmarks;

/// <summary>
/// The valid instances of the JSON Schema Test Suite (draft2020-12, kept outside the repository: see
/// tests/Sorcha.Blueprint.Engine.Tests/Conformance/README.md), each schema compiled by both engines once. Only cases
/// both engines compile and accept are kept, so both do the same work.
/// </summary>
internal static class SchemaSuiteCases
{
    private static readonly NetSchema.EvaluationOptions FlagOnly = new() { OutputFormat = NetSchema.OutputFormat.Flag };

    public sealed record Case(JsonSchema Ours, JsonNode? OurInstance, NetSchema.JsonSchema Theirs, JsonElement TheirInstance);

    public static List<Case> Load(int count)
    {
        var suite = SuiteFolder();
        var ourRegistry = new SchemaRegistry();
        var remotes = Path.Combine(suite, "remotes");
        foreach (var file in Directory.EnumerateFiles(remotes, "*.json", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            var uri = "http://localhost:1234/" + Path.GetRelativePath(remotes, file).Replace('\\', '/');
            var text = File.ReadAllText(file);
            ourRegistry.Add(uri, JsonNode.Parse(text));
            Try(() => NetSchema.JsonSchema.FromText(text, NetSchema.BuildOptions.Default, new Uri(uri)));
        }

        var cases = new List<Case>();
        foreach (var file in Directory.EnumerateFiles(Path.Combine(suite, "tests", "draft2020-12"), "*.json").Order(StringComparer.Ordinal))
        {
            foreach (var group in JsonNode.Parse(File.ReadAllText(file))!.AsArray())
            {
                var schemaText = group!["schema"]!.ToJsonString();
                var ours = Try(() => JsonSchema.Compile(JsonNode.Parse(schemaText), ourRegistry));
                // A registry per group: the suite reuses $id values across groups.
                var theirs = Try(() => NetSchema.JsonSchema.FromText(schemaText, new NetSchema.BuildOptions { SchemaRegistry = new NetSchema.SchemaRegistry() }));
                if (ours is null || theirs is null)
                {
                    continue;
                }

                foreach (var test in group["tests"]!.AsArray().Where(t => t!["valid"]!.GetValue<bool>()))
                {
                    var c = new Case(ours, JsonNode.Parse(test!["data"]?.ToJsonString() ?? "null"), theirs, JsonDocument.Parse(test["data"]?.ToJsonString() ?? "null").RootElement);
                    // JsonSchema.Net resolves some refs only when evaluating, so a case it cannot run throws here.
                    if (Try(() => Ours(c) && Theirs(c) ? c : null) is not null)
                    {
                        cases.Add(c);
                    }
                }
            }
        }

        return cases.Count >= count
            ? cases.Take(count).ToList()
            : throw new InvalidOperationException($"Only {cases.Count} suite cases are usable by both engines; {count} are benchmarked.");
    }

    public static bool Ours(Case c) => c.Ours.Evaluate(c.OurInstance).Count == 0;

    public static bool Theirs(Case c) => c.Theirs.Evaluate(c.TheirInstance, FlagOnly).IsValid;

    private static T? Try<T>(Func<T?> build)
        where T : class
    {
        try
        {
            return build();
        }
#pragma warning disable CA1031 // A schema either engine refuses is simply left out of the comparison.
        catch (Exception)
#pragma warning restore CA1031
        {
            return null;
        }
    }

    /// <summary>$SORCHA_CONFORMANCE_DIR/json-schema-test-suite if set, else ../shared/conformance/json-schema-test-suite
    /// beside the repository root, as the engine's tests read it.</summary>
    private static string SuiteFolder()
    {
        var set = Environment.GetEnvironmentVariable("SORCHA_CONFORMANCE_DIR");
        var root = string.IsNullOrWhiteSpace(set) ? Path.Combine(RepositoryRoot(), "..", "shared", "conformance") : set;
        var suite = Path.GetFullPath(Path.Combine(root, "json-schema-test-suite"));
        return Directory.Exists(Path.Combine(suite, "tests", "draft2020-12"))
            ? suite
            : throw new InvalidOperationException(
                $"The JSON Schema Test Suite is not at {suite} (tests/draft2020-12, remotes): set SORCHA_CONFORMANCE_DIR or place it "
                + "as tests/Sorcha.Blueprint.Engine.Tests/Conformance/README.md says.");
    }

    /// <summary>BenchmarkDotNet runs from a generated project's folder, so the repository is found from the solution upwards.</summary>
    private static string RepositoryRoot()
    {
        foreach (var start in new[] { AppContext.BaseDirectory, Directory.GetCurrentDirectory() })
        {
            for (var dir = new DirectoryInfo(start); dir is not null; dir = dir.Parent)
            {
                if (File.Exists(Path.Combine(dir.FullName, "Sorcha.sln")))
                {
                    return dir.FullName;
                }
            }
        }

        throw new InvalidOperationException("Run the benchmarks from inside the repository (Sorcha.sln not found).");
    }
}
