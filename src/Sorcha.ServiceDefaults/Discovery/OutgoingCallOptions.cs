namespace Sorcha.ServiceDefaults.Discovery;

/// <summary>
/// The outgoing calls' time limit (<see cref="OutgoingCalls"/>), configured as <c>Limits:Timeouts:OutgoingSeconds</c>
/// beside the platform's other limits (docs/limits.md), where Sorcha.ApiPlatform's LimitsValidation checks it at start;
/// read here on its own, so the clients need nothing of the platform.
/// </summary>
public sealed class OutgoingCallOptions
{
    public const string Section = "Limits:Timeouts";

    public const double DefaultOutgoingSeconds = 10;

    /// <summary>
    /// How long the outgoing clients (the gateway's forwarder, each service's HttpClients) keep an idle connection.
    /// </summary>
    public static readonly TimeSpan IdleConnectionTimeout = TimeSpan.FromSeconds(60);

    /// <summary>Each service-to-service HttpClient request (per attempt).</summary>
    public double OutgoingSeconds { get; set; } = DefaultOutgoingSeconds;
}
