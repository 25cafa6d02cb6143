using System.Reflection;

namespace Sorcha.Client.Tests;

/// <summary>
/// The contract's naming rules over every src assembly (docs/architecture.md, "The contract's types"): no public type is
/// named like a namespace segment under Sorcha (a type <c>Wallet</c> beside <c>Sorcha.Wallet</c> makes either name
/// ambiguous wherever both are in scope), and each wire type is defined once: no simple name is shared by two public
/// types of Sorcha.Client, Sorcha.Contracts, Sorcha.Ledger's records and the services' (and gateway's) records and enums.
/// </summary>
public sealed class ContractNamingTests
{
    private static readonly string[] Services = ["Sorcha.Wallet.Service", "Sorcha.Register.Service", "Sorcha.Transaction.Service",
        "Sorcha.Blueprint.Service", "Sorcha.Gateway"];

    [Fact]
    public void Every_src_project_is_loaded()
    {
        var projects = Directory.EnumerateFiles(Path.Combine(RepositoryRoot(), "src"), "*.csproj", SearchOption.AllDirectories)
            .Select(p => Path.GetFileNameWithoutExtension(p)).Order(StringComparer.Ordinal).ToList();
        Assert.Equal(projects, SorchaAssemblies().Select(a => a.GetName().Name!).Order(StringComparer.Ordinal).ToList());
    }

    [Fact]
    public void No_public_type_is_named_like_a_namespace_segment()
    {
        var assemblies = SorchaAssemblies();
        var segments = assemblies.SelectMany(LoadableTypes).Select(t => t.Namespace).OfType<string>()
            .Where(n => n.StartsWith("Sorcha.", StringComparison.Ordinal))
            .SelectMany(n => n.Split('.').Skip(1)).ToHashSet(StringComparer.Ordinal);
        var collisions = assemblies.SelectMany(a => a.GetExportedTypes())
            .Where(t => segments.Contains(SimpleName(t)))
            .Select(t => $"{t.FullName} ({t.Assembly.GetName().Name}) is named like a namespace segment").Order(StringComparer.Ordinal).ToList();
        if (collisions.Count > 0)
        {
            Assert.Fail(string.Join(Environment.NewLine, collisions));
        }
    }

    [Fact]
    public void No_two_wire_types_share_a_name()
    {
        var assemblies = SorchaAssemblies().ToDictionary(a => a.GetName().Name!, StringComparer.Ordinal);
        var wire = assemblies["Sorcha.Client"].GetExportedTypes()
            .Concat(assemblies["Sorcha.Contracts"].GetExportedTypes())
            .Concat(assemblies["Sorcha.Ledger"].GetExportedTypes().Where(IsRecord))
            .Concat(Services.SelectMany(s => assemblies[s].GetExportedTypes()).Where(t => IsRecord(t) || t.IsEnum));
        var twice = wire.GroupBy(SimpleName, StringComparer.Ordinal).Where(g => g.Count() > 1)
            .Select(g => $"{g.Key}: {string.Join(", ", g.Select(t => $"{t.FullName} ({t.Assembly.GetName().Name})"))}")
            .Order(StringComparer.Ordinal).ToList();
        if (twice.Count > 0)
        {
            Assert.Fail(string.Join(Environment.NewLine, twice));
        }
    }

    /// <summary>The src assemblies copied beside the tests by this project's references.</summary>
    private static List<Assembly> SorchaAssemblies() =>
        [.. Directory.EnumerateFiles(AppContext.BaseDirectory, "Sorcha.*.dll")
            .Select(p => Path.GetFileNameWithoutExtension(p))
            .Where(n => !n.EndsWith(".Tests", StringComparison.Ordinal) && n != "Sorcha.Testing")
            .Select(n => Assembly.Load(new AssemblyName(n)))];

    private static IEnumerable<Type> LoadableTypes(Assembly assembly)
    {
        try
        {
            return assembly.GetTypes();
        }
        catch (ReflectionTypeLoadException e)
        {
            return e.Types.OfType<Type>();
        }
    }

    // Records are how wire types are written (docs/architecture.md, "Style"); the compiler gives each a clone method.
    private static bool IsRecord(Type type) => type.GetMethod("<Clone>$") is not null;

    private static string SimpleName(Type type) => type.Name.Split('`')[0];

    private static string RepositoryRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Sorcha.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException("Sorcha.sln not found above the test assembly: run the tests from the repository.");
    }
}
