namespace Sorcha.ServiceDefaults.Limits;

/// <summary>
/// The "Limits" configuration section every process reads (docs/reliability.md, "Limits"). The defaults are generous:
/// the load tests (one caller per scenario, up to ~1,000 requests/s in all) never meet them; the closed-loop
/// integration tests can on a fast machine, and wait out each 429 as Retry-After says.
/// </summary>
public sealed class LimitsOptions
{
    public const string Section = "Limits";

    /// <summary>
    /// Kestrel's request body limit for routes that do not set their own (bytes). Routes whose contract allows more
    /// (wallet data, transactions, batches, blueprints) carry a per-endpoint limit; the gateway raises this to the largest.
    /// </summary>
    public long MaxRequestBodyBytes { get; set; } = 256 * 1024;

    public RateLimitOptions RateLimit { get; set; } = new();

    public TimeoutOptions Timeouts { get; set; } = new();

    public RedisTimeoutOptions Redis { get; set; } = new();
}

/// <summary>A token bucket per caller: the token's subject, or the client's IP address when there is no token.</summary>
public sealed class RateLimitOptions
{
    public bool Enabled { get; set; } = true;

    /// <summary>Sustained requests per second per caller.</summary>
    public int PermitsPerSecond { get; set; } = 2_000;

    /// <summary>Requests a caller may send at once above the sustained rate (the bucket's size).</summary>
    public int Burst { get; set; } = 4_000;
}

/// <summary>Time limits of every outgoing call, in seconds.</summary>
public sealed class TimeoutOptions
{
    /// <summary>Each service-to-service HttpClient request (per attempt).</summary>
    public double OutgoingSeconds { get; set; } = 10;

    /// <summary>The gateway's wait for a service's answer headers and body before it answers 504.</summary>
    public double ForwarderSeconds { get; set; } = 30;

    /// <summary>The gateway's TCP connect to a service, before it answers 502.</summary>
    public double ForwarderConnectSeconds { get; set; } = 5;

    /// <summary>Each probe behind the gateway's aggregated /health.</summary>
    public double HealthProbeSeconds { get; set; } = 3;
}

/// <summary>StackExchange.Redis 1.2.6 timeouts, in milliseconds.</summary>
public sealed class RedisTimeoutOptions
{
    public int ConnectTimeoutMs { get; set; } = 5_000;

    /// <summary>Synchronous calls.</summary>
    public int SyncTimeoutMs { get; set; } = 5_000;

    /// <summary>
    /// How long a connection may owe answers before 1.2.6 declares it dead and fails what is pending on it (asynchronous
    /// calls have no timeout of their own in 1.2.6), so a stalled Redis becomes an error instead of a hang.
    /// </summary>
    public int ResponseTimeoutMs { get; set; } = 5_000;
}
