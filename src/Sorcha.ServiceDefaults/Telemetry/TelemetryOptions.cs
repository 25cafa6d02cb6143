namespace Sorcha.ServiceDefaults.Telemetry;

/// <summary>The "Telemetry" section (the OpenTelemetry SDK's own OTEL_* settings are read by the SDK: TelemetrySetup).</summary>
public sealed class TelemetryOptions
{
    public const string Section = "Telemetry";

    /// <summary>Send the <c>Server-Timing</c> header; unset, in Development only (stage timings tell about internals).</summary>
    public bool? ServerTiming { get; set; }
}
