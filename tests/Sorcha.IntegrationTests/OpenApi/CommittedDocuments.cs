namespace Sorcha.IntegrationTests.OpenApi;

/// <summary>
/// The served OpenAPI documents as committed under docs/openapi/: what client apps generate from, so a change to
/// one is a change to the contract and must be seen in review. SORCHA_UPDATE_OPENAPI=1 rewrites them from a run.
/// </summary>
public static class CommittedDocuments
{
    /// <summary>The four services', the gateway's own (the token endpoint, health), and the merged one.</summary>
    public static readonly string[] Names = ["wallet", "register", "transaction", "blueprint", "gateway", "sorcha"];

    public static bool Update => TestSettings.UpdateOpenApi;

    public static string PathOf(string name) => Path.Combine(RepositoryRoot(), "docs", "openapi", name + ".json");

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
