namespace Sorcha.FaultTests.Limits;

/// <summary>
/// A platform of its own with limits set low through configuration (Limits__*), as an operator would set them, so that
/// the limit tests can reach them without sending thousands of requests or waiting half a minute. Not shared with the
/// fault platform: one request per second per caller would starve the fault tests' load, and their faults would meet
/// these short timeouts.
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
    // Per-caller quotas low enough for PerCallerQuotaTests to reach each with a few requests (inside the burst); the other limit
    // tests create at most one of each per caller, and at most two wallets.
    public const int WalletQuota = 2;
    public const int RegisterQuota = 2;
    public const int BlueprintQuota = 2;
    // One expense-approval sample (about 3.2 KB of JSON as stored) fits, a second does not.
    public const int BlueprintBytesQuota = 5_000;
    public const int OpenInstanceQuota = 2;

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
        ["Limits__Quotas__Wallets"] = WalletQuota.ToString(System.Globalization.CultureInfo.InvariantCulture),
        ["Limits__Quotas__Registers"] = RegisterQuota.ToString(System.Globalization.CultureInfo.InvariantCulture),
        ["Limits__Quotas__Blueprints"] = BlueprintQuota.ToString(System.Globalization.CultureInfo.InvariantCulture),
        ["Limits__Quotas__BlueprintBytes"] = BlueprintBytesQuota.ToString(System.Globalization.CultureInfo.InvariantCulture),
        ["Limits__Quotas__OpenInstances"] = OpenInstanceQuota.ToString(System.Globalization.CultureInfo.InvariantCulture),
    };
}

/// <summary>One limits platform for every class that needs it (LimitsTests, PerCallerQuotaTests): a platform costs ~15 s to start.</summary>
[CollectionDefinition(Name)]
public sealed class LimitsScope : ICollectionFixture<LimitsPlatformFixture>
{
    public const string Name = "limits platform";
}
