using Sorcha.Client;

namespace Sorcha.Performance.Scenarios;

/// <summary>The checked-in sample blueprints (run from the repository root), and what "the same content" means.</summary>
public static class SampleBlueprints
{
    public static Blueprint Load(string fileName) =>
        Blueprint.FromJson(File.ReadAllText(Path.Combine("samples", "blueprints", fileName)));

    /// <summary>
    /// The document without what the server decides (id, version, published, timestamps): what was sent and what
    /// comes back must give the same text, schemas and logic included.
    /// </summary>
    public static string Content(Blueprint blueprint) =>
        (blueprint with { Id = null, Version = 0, Published = false, CreatedAt = null, UpdatedAt = null, PublishedAt = null }).ToJson();

    /// <summary>Server-assigned ids are 32 lowercase hex characters.</summary>
    public static bool IsServerId(string? id) =>
        id is { Length: 32 } && id.All(c => c is (>= '0' and <= '9') or (>= 'a' and <= 'f'));
}
