namespace Sorcha.ServiceDefaults.Redis;

/// <summary>
/// StackExchange.Redis's own time limits, in milliseconds (every Redis call is asynchronous). Configured as
/// <see cref="Section"/>, beside the platform's other limits (docs/limits.md), where Sorcha.ApiPlatform's
/// LimitsValidation checks them at start; read here on their own, so the connection needs nothing of the platform.
/// </summary>
public sealed class RedisTimeoutOptions
{
    public const string Section = "Limits:Redis";

    /// <summary>Each connect attempt, including the first one at start-up.</summary>
    public int ConnectTimeoutMs { get; set; } = 5_000;

    /// <summary>
    /// How long a command waits for its answer before it fails with a timeout (→ 503), so that a Redis that keeps its
    /// connection open but stops answering is an error, not a hang. Checked on the library's 1 s heartbeat.
    /// </summary>
    public int AsyncTimeoutMs { get; set; } = 5_000;
}
