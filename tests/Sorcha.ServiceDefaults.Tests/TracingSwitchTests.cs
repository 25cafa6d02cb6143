using Microsoft.Extensions.Configuration;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.ServiceDefaults.Tests;

/// <summary>
/// Spans (and Redis's per-command profiling with them) are recorded only when they go somewhere or a sampler was chosen:
/// with neither, every request would pay for traces nobody reads.
/// </summary>
public sealed class TracingSwitchTests
{
    [Theory]
    [InlineData(null, null, false)]
    [InlineData("  ", null, false)]
    [InlineData("http://localhost:4317", null, true)]
    [InlineData(null, "traceidratio", true)]
    public void Traces_are_recorded_only_with_an_OTLP_endpoint_or_a_sampler(string? endpoint, string? sampler, bool recorded)
    {
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["OTEL_EXPORTER_OTLP_ENDPOINT"] = endpoint,
            ["OTEL_TRACES_SAMPLER"] = sampler,
        }).Build();

        Assert.Equal(recorded, TelemetrySetup.Tracing(configuration));
    }
}
