using System.Text.Json;
using System.Text.Json.Serialization;
using Sorcha.Performance.Engine.Gate;

namespace Sorcha.Performance.Engine;

/// <summary>results.json and baseline.json: one run's figures with what they were measured on.</summary>
public sealed record RunResults(RunMetadata Metadata, IReadOnlyList<ScenarioResult> Scenarios)
{
    public static readonly JsonSerializerOptions Json = new(JsonSerializerDefaults.Web)
    {
        WriteIndented = true,
        Converters = { new JsonStringEnumConverter() },
    };

    public bool RunFailed => Scenarios.Count == 0 || Scenarios.Any(s => s.OkRate < GatePolicy.MinOkRate);

    /// <summary>A baseline keeps only the figures the gate compares: the charts' series stay in results.json.</summary>
    public RunResults WithoutCharts() => this with { Scenarios = [.. Scenarios.Select(s => s.WithoutCharts())] };

    public Task SaveAsync(string path) => File.WriteAllTextAsync(path, JsonSerializer.Serialize(this, Json) + "\n");

    public static async Task<RunResults> LoadAsync(string path) =>
        JsonSerializer.Deserialize<RunResults>(await File.ReadAllTextAsync(path), Json)
        ?? throw new InvalidDataException($"{path}: not a results file");
}
