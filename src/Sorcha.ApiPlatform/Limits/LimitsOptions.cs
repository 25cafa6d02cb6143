using Sorcha.ServiceDefaults.Discovery;
using Sorcha.ServiceDefaults.Redis;

namespace Sorcha.ApiPlatform.Limits;

/// <summary>
/// The "Limits" configuration section every process reads (docs/limits.md, "Limits"). The defaults are generous:
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

    /// <summary>StackExchange.Redis's time limits: validated here, read by the connection itself (RedisSetup).</summary>
    public RedisTimeoutOptions Redis { get; set; } = new();

    public KeyGenerationOptions KeyGeneration { get; set; } = new();

    public VerifyOptions Verify { get; set; } = new();

    public HealthOptions Health { get; set; } = new();

    public ConnectionOptions Connections { get; set; } = new();

    public QuotaOptions Quotas { get; set; } = new();

    public IndexOptions Indexes { get; set; } = new();

    public AttachmentOptions Attachments { get; set; } = new();
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
    /// <summary>
    /// Each service-to-service HttpClient request (per attempt). The clients read it themselves (OutgoingCallOptions).
    /// </summary>
    public double OutgoingSeconds { get; set; } = OutgoingCallOptions.DefaultOutgoingSeconds;

    /// <summary>The gateway's wait for a service's answer headers and body before it answers 504.</summary>
    public double ForwarderSeconds { get; set; } = 30;

    /// <summary>The gateway's TCP connect to a service, before it answers 502.</summary>
    public double ForwarderConnectSeconds { get; set; } = 5;

    /// <summary>Each probe behind the gateway's aggregated /health.</summary>
    public double HealthProbeSeconds { get; set; } = 3;
}

/// <summary>
/// RSA-4096 key generation in the Wallet service: a wallet needs two keys, seconds of one core, and any caller can ask.
/// A creation waits for a slot up to <see cref="QueueSeconds"/>, then gets 503 with Retry-After.
/// </summary>
public sealed class KeyGenerationOptions
{
    /// <summary>RSA wallets created at once per Wallet process.</summary>
    public int Concurrent { get; set; } = 1;

    /// <summary>How long a creation waits for a slot; well inside the gateway's ForwarderSeconds.</summary>
    public double QueueSeconds { get; set; } = 10;
}

/// <summary>
/// Whole-register verification in the Register service (O(height) signature checks). Per caller it is refused (429),
/// process-wide it queues, and each verify uses a bounded number of cores.
/// </summary>
public sealed class VerifyOptions
{
    /// <summary>Verifies one caller may run at once per Register process; one more is 429 with Retry-After.</summary>
    public int PerCaller { get; set; } = 1;

    /// <summary>Verifies running at once per Register process, all callers together; the others wait.</summary>
    public int Concurrent { get; set; } = 2;

    /// <summary>How long a verify waits for one of the <see cref="Concurrent"/> slots before 503 with Retry-After.</summary>
    public double QueueSeconds { get; set; } = 10;

    /// <summary>Cores one verify checks signatures on; with the defaults all verifies together use at most every core once.</summary>
    public int MaxDegreeOfParallelism { get; set; } = Math.Max(1, Environment.ProcessorCount / 2);
}

/// <summary>The gateway's anonymous aggregated /health, which probes every replica and Redis.</summary>
public sealed class HealthOptions
{
    /// <summary>How long one aggregated answer is reused; concurrent callers share the probe in flight. 0: no reuse.</summary>
    public double CacheSeconds { get; set; } = 1;
}

/// <summary>
/// Kestrel's connection limits, set on purpose in every process (docs/limits.md, "Slow and idle clients"): an
/// idle or slow client holds a connection and a little memory, never a thread, and is cut off once it is too idle or
/// too slow, so that thousands of them cannot starve real clients.
/// </summary>
public sealed class ConnectionOptions
{
    /// <summary>Open connections per process; one more is closed at once (Kestrel's default: no limit).</summary>
    public long MaxConnections { get; set; } = 20_000;

    /// <summary>
    /// How long the outgoing clients (the gateway's forwarder, each service's HttpClients) keep an idle connection: the
    /// clients' own setting (<see cref="OutgoingCallOptions.IdleConnectionTimeout"/>), here beside the keep-alive that
    /// must outlast it.
    /// </summary>
    public static readonly TimeSpan OutgoingIdle = OutgoingCallOptions.IdleConnectionTimeout;

    /// <summary>
    /// How long a kept-alive connection may sit idle between requests. Above <see cref="OutgoingIdle"/> on purpose: the
    /// platform's own clients then always close an idle connection first, and never send a request on a connection
    /// the server is closing.
    /// </summary>
    public double KeepAliveSeconds { get; set; } = 120;

    /// <summary>The time to receive a request's headers (a client trickling them is cut off; Kestrel's default: 30 s).</summary>
    public double RequestHeadersSeconds { get; set; } = 10;

    /// <summary>The slowest request body a client may send, after a 5 s grace (Kestrel's default, made explicit).</summary>
    public double MinRequestBodyBytesPerSecond { get; set; } = 240;

    /// <summary>The slowest a client may read a response, after a 5 s grace (Kestrel's default, made explicit).</summary>
    public double MinResponseBytesPerSecond { get; set; } = 240;
}

/// <summary>
/// What one caller (a token subject) may keep in the store (docs/limits.md, "Quotas"); one more is a 409 problem
/// naming the quota. 0 turns a quota off. The defaults are far above what a participant or the load harness needs
/// (a 30-minute run at default rates creates ~30,000 blueprints as one caller, a handful of everything else), so
/// only a caller that hoards meets them.
/// </summary>
public sealed class QuotaOptions
{
    /// <summary>Wallets a caller owns (deleting one frees its slot). A wallet is at most a few KiB (RSA4096).</summary>
    public int Wallets { get; set; } = 10_000;

    /// <summary>
    /// Derived addresses one wallet may have (accounts 1..n of its seed); each is also one of the caller's
    /// <see cref="Wallets"/>, and they go with their wallet when it is deleted.
    /// </summary>
    public int DerivedAddresses { get; set; } = 1_000;

    /// <summary>Registers a caller has created (registers cannot be deleted). Every register costs the sealer a look per sweep.</summary>
    public int Registers { get; set; } = 1_000;

    /// <summary>Blueprints a caller has created and not deleted, drafts and published.</summary>
    public int Blueprints { get; set; } = 100_000;

    /// <summary>
    /// Bytes of blueprint documents a caller keeps: a blueprint is 200 bytes to 512 KiB, so a count alone would let
    /// one caller store 50 GiB. A draft is charged its stored document's size, again on every update.
    /// </summary>
    public long BlueprintBytes { get; set; } = 1L << 30;

    /// <summary>
    /// Versions a caller has published in all: each freezes a copy of its blueprint (up to 512 KiB) that is kept for the
    /// instances running on it, even after the blueprint is deleted, so this is never freed; 2,000 bounds them to 1 GiB.
    /// </summary>
    public int BlueprintVersions { get; set; } = 2_000;

    /// <summary>Templates a caller keeps (deleting one frees its slot); each is at most 512 KiB, so 1,000 bound them to 512 MiB.</summary>
    public int Templates { get; set; } = 1_000;

    /// <summary>Instances a caller has created that are not complete yet (completing one frees its slot).</summary>
    public int OpenInstances { get; set; } = 10_000;

    /// <summary>
    /// Instances a caller has created in all (instances are never deleted): each stays with its steps and its entries in
    /// the work indexes (its creator's and every bound wallet's lists, up to 404 entries), so this bounds what one
    /// caller makes those grow by.
    /// </summary>
    public int Instances { get; set; } = 1_000_000;

    /// <summary>
    /// Subjects one wallet grants access to at once (PUT /api/wallets/{address}/access/{subject}); revoking or expiry
    /// frees a slot. Each grant is read at every use by its delegate, and the owner's list of them is one unpaged answer.
    /// </summary>
    public int WalletGrants { get; set; } = 100;
}

/// <summary>
/// A register's indexes (docs/limits.md, "Register indexes"): what one transaction may add to them, and how much
/// a filtered read may walk.
/// </summary>
public sealed class IndexOptions
{
    /// <summary>
    /// Distinct recipient addresses one transaction's payload may name (<c>payload.envelopes[*].recipient</c>); the
    /// Transaction service refuses more with 422, so every committed transaction is indexed whole. 100: the Wallet's
    /// sealed transactions take at most 100 recipients and a blueprint at most 100 participants.
    /// </summary>
    public int MaxRecipients { get; set; } = 100;

    /// <summary>
    /// Entries a filtered read with several filters may walk (its smallest index); more is 422. A walk reads 1,000 per
    /// round trip from that index and as many from each other one.
    /// </summary>
    public long FilterBudget { get; set; } = 100_000;
}

/// <summary>
/// Files on action submissions (docs/api.md, "Attachments"). Sizes are decoded bytes. The defaults keep an action's
/// transaction under the Transaction service's 1 MiB: <see cref="MaxSealedBytes"/> base64-encoded is 683 KiB, which
/// leaves room for the data's envelopes; raise the two together.
/// </summary>
public sealed class AttachmentOptions
{
    /// <summary>Bytes of one file.</summary>
    public long MaxFileBytes { get; set; } = 256 * 1024;

    /// <summary>Files on one action.</summary>
    public int MaxFiles { get; set; } = 4;

    /// <summary>Bytes of an action's files together, each counted once (as sent); bounds the route's request body.</summary>
    public long MaxActionBytes { get; set; } = 512 * 1024;

    /// <summary>
    /// Bytes the action's transaction seals: each file once per recipient wallet. What the register grows by, so this,
    /// not <see cref="MaxActionBytes"/>, is what must fit the Transaction service's limit (with base64's third on top).
    /// </summary>
    public long MaxSealedBytes { get; set; } = 512 * 1024;

    /// <summary>
    /// Sealed attachment bytes one caller may have committed in all (registers keep them for good): a per-caller quota,
    /// 409 when one more action would pass it. 0: no quota.
    /// </summary>
    public long QuotaBytes { get; set; } = 1L << 30;
}
