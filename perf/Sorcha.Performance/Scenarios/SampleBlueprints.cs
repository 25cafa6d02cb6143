using Sorcha.Client;
using Sorcha.Contracts.Blueprints;

namespace Sorcha.Performance.Scenarios;

/// <summary>The checked-in sample blueprints (run from the repository root), and what "the same content" means.</summary>
public static class SampleBlueprints
{
    /// <summary>
    /// Where the samples are read: <c>samples/blueprints</c>, or the folder <c>SORCHA_PERF_BLUEPRINTS</c> names, so that
    /// one harness drives an older build with the samples it accepts (an A/B against a commit whose contract lacked
    /// a member today's samples use), both sides then doing the same work.
    /// </summary>
    public static string Folder { get; } = Environment.GetEnvironmentVariable("SORCHA_PERF_BLUEPRINTS") is { Length: > 0 } folder
        ? folder : Path.Combine("samples", "blueprints");

    public static BlueprintDocument Load(string fileName) => BlueprintDocuments.FromJson(File.ReadAllText(Path.Combine(Folder, fileName)));

    /// <summary>
    /// The document without what the server decides (id, version, published, timestamps): what was sent and what
    /// comes back must give the same text, schemas and logic included.
    /// </summary>
    public static string Content(BlueprintDocument blueprint) => (blueprint with { Id = "", Version = 0, Published = false }).ToJson();

    /// <inheritdoc cref="Content(BlueprintDocument)"/>
    public static string Content(BlueprintDto blueprint) => Content(blueprint.ToDocument());

    /// <summary>Server-assigned ids are 32 lowercase hex characters.</summary>
    public static bool IsServerId(string? id) =>
        id is { Length: 32 } && id.All(c => c is (>= '0' and <= '9') or (>= 'a' and <= 'f'));
}
