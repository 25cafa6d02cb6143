using System.Diagnostics.Metrics;
using System.Runtime.CompilerServices;
using Sorcha.Cryptography;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Wallet.Service.Signing;

/// <summary>Signing in metrics (docs/observability.md): signatures made, and how well the open keys serve them.</summary>
public static class SigningTelemetry
{
    public static readonly Meter Meter = new(TelemetrySetup.SourcePrefix + "Wallet");

    /// <summary>Tag: the wallet's algorithm (ED25519, NISTP256, RSA4096).</summary>
    public const string AlgorithmTag = "sorcha.signature.algorithm";

    public static readonly Counter<long> Signatures = Meter.CreateCounter<long>("sorcha.wallet.signatures", "{signature}",
        "Signatures made with wallets' keys (raw signs and transaction signs), by algorithm.");

    public static readonly Counter<long> KeyCacheHits = Meter.CreateCounter<long>("sorcha.wallet.open_keys.hits", "{signature}",
        "Ed25519 signs served by a key already open.");

    public static readonly Counter<long> KeyCacheMisses = Meter.CreateCounter<long>("sorcha.wallet.open_keys.misses", "{signature}",
        "Ed25519 signs that had to open the key first (first use, swept after idling, evicted, or its record changed).");

    // Every live OpenKeys (one per process; tests host several), weakly, for the gauge.
    private static readonly ConditionalWeakTable<OpenKeys, object?> Live = [];

    static SigningTelemetry() => Meter.CreateObservableGauge("sorcha.wallet.open_keys", () => Live.Sum(k => k.Key.Count),
        "{key}", "Ed25519 keys open in guarded memory now (at most Wallet:OpenKeys:MaxKeys).");

    private static readonly KeyValuePair<string, object?> Ed25519 = new(AlgorithmTag, nameof(SignatureAlgorithm.ED25519));
    private static readonly KeyValuePair<string, object?> NistP256 = new(AlgorithmTag, nameof(SignatureAlgorithm.NISTP256));
    private static readonly KeyValuePair<string, object?> Rsa4096 = new(AlgorithmTag, nameof(SignatureAlgorithm.RSA4096));
    private static readonly KeyValuePair<string, object?> Other = new(AlgorithmTag, "other");

    internal static void Track(OpenKeys keys) => Live.AddOrUpdate(keys, null);

    internal static void Signed(SignatureAlgorithm algorithm) => Signatures.Add(1, algorithm switch
    {
        SignatureAlgorithm.ED25519 => Ed25519,
        SignatureAlgorithm.NISTP256 => NistP256,
        SignatureAlgorithm.RSA4096 => Rsa4096,
        _ => Other,
    });
}
