namespace Sorcha.ServiceDefaults.Tests;

/// <summary>
/// Tests that assert on the spans their own host exports: run alone, after the others. ActivityListeners are
/// process-wide, so a host with a sampler that runs meanwhile (TraceHeadersTests) records this host's requests as well,
/// and an unsampled request shows up as a span.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class TelemetryScope
{
    public const string Name = "telemetry";
}
