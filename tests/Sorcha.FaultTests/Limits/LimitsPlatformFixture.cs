namespace Sorcha.FaultTests.Limits;

/// <summary>
/// A platform of its own with limits set low through configuration (Limits__*), as an operator would set them, so that
/// the limit tests can reach them without sending thousands of requests or waiting half a minute.
/// </summary>
public sealed class LimitsPlatformFixture : PlatformFixture
{
    public const int PermitsPerSecond = 1;
    public const int Burst = 20;
    public const int BodyLimit = 4096;
    // Short, as the 504 case waits it out, but past what the outgoing and Redis limits below can cost, so that those
    // fire first in their own cases: a service's call of a safe method is retried once, and its total limit is twice
    // OutgoingSeconds (OutgoingCalls.Configure), 4 s here. 4 s was tried: the paused-Wallet case then met the 504.
    public const double ForwarderSeconds = 6;
    public const double OutgoingSeconds = 2;
    // No wait for an RSA key generation slot (one per process, the default): a second creation at once is refused.
    public const double KeyGenerationQueueSeconds = 0;
    // A Redis command's own time limit (StackExchange.Redis AsyncTimeout), well inside the forwarder's.
    public const int RedisAsyncTimeoutMs = 2_000;

    protected override int Replicas => 1;

    protected override IReadOnlyDictionary<string, string> ServiceEnvironment => new Dictionary<string, string>
    {
        ["Limits__RateLimit__PermitsPerSecond"] = PermitsPerSecond.ToString(System.Globalization.CultureInfo.InvariantCulture),
        ["Limits__RateLimit__Burst"] = Burst.ToString(System.Globalization.CultureInfo.InvariantCulture),
        ["Limits__MaxRequestBodyBytes"] = BodyLimit.ToString(System.Globalization.CultureInfo.InvariantCulture),
        ["Limits__Timeouts__ForwarderSeconds"] = ForwarderSeconds.ToString(System.Globalization.CultureInfo.InvariantCulture),
        ["Limits__Timeouts__OutgoingSeconds"] = OutgoingSeconds.ToString(System.Globalization.CultureInfo.InvariantCulture),
        ["Limits__KeyGeneration__QueueSeconds"] = KeyGenerationQueueSeconds.ToString(System.Globalization.CultureInfo.InvariantCulture),
        ["Limits__Redis__AsyncTimeoutMs"] = RedisAsyncTimeoutMs.ToString(System.Globalization.CultureInfo.InvariantCulture),
    };
}
