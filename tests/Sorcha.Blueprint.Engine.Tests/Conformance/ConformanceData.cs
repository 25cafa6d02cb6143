namespace Sorcha.Blueprint.Engine.Tests.Conformance;

/// <summary>
/// Where the official suites are read from: they are public data kept outside the repository (Conformance/README.md),
/// in $SORCHA_CONFORMANCE_DIR if set, else in ../shared/conformance beside the repository root. A suite that is absent
/// skips its tests with the reason — unless SORCHA_CONFORMANCE_DIR was set, which says the data is meant to be there,
/// so an absent suite fails instead of passing nothing.
/// </summary>
internal static class ConformanceData
{
    public const string Variable = "SORCHA_CONFORMANCE_DIR";

    /// <summary>The name a suite's single placeholder case has when the suite is absent (a theory needs one row).</summary>
    public const string Absent = "(suite absent)";

    private static readonly Lazy<(string Root, bool Explicit)> Location = new(Locate);

    /// <summary>The JSON Schema Test Suite checkout: tests/draft2020-12/*.json and remotes/.</summary>
    public static string SchemaSuite => Path.Combine(Location.Value.Root, "json-schema-test-suite");

    /// <summary>The json-logic compat-tables checkout: suites/index.json and the files it names.</summary>
    public static string LogicSuite => Path.Combine(Location.Value.Root, "compat-tables");

    /// <summary>The JSON-e repository's specification: json-e/specification.yml.</summary>
    public static string JsonESuite => Path.Combine(Location.Value.Root, "json-e");

    /// <summary>Null when the file is there; otherwise why the suite's tests are skipped. Throws when it was asked for.</summary>
    public static string? MissingFile(string file) =>
        Missing(Path.GetDirectoryName(file)!, Path.GetFileName(file), File.Exists(file));

    /// <summary>Null when the folder is there; otherwise why the suite's tests are skipped. Throws when it was asked for.</summary>
    public static string? Missing(string folder, string probe) => Missing(folder, probe, Directory.Exists(Path.Combine(folder, probe)));

    private static string? Missing(string folder, string probe, bool present)
    {
        if (present)
        {
            return null;
        }

        var why = $"{Path.Combine(folder, probe)} is absent: the official suites are not in the repository; "
            + $"see tests/Sorcha.Blueprint.Engine.Tests/Conformance/README.md (set {Variable} or place them in ../shared/conformance)";
        return Location.Value.Explicit ? throw new DirectoryNotFoundException($"{Variable} is set, but {why}") : why;
    }

    private static (string, bool) Locate()
    {
        var set = Environment.GetEnvironmentVariable(Variable);
        if (!string.IsNullOrWhiteSpace(set))
        {
            return (Path.GetFullPath(set), true);
        }

        // Tests run from artifacts/bin/…, so the repository root is found upwards from the test assembly.
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Sorcha.sln")))
            {
                return (Path.GetFullPath(Path.Combine(dir.FullName, "..", "shared", "conformance")), false);
            }
        }

        return (Path.Combine(AppContext.BaseDirectory, "shared", "conformance"), false);
    }
}
