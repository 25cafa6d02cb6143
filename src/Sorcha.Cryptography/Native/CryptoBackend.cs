namespace Sorcha.Cryptography;

/// <summary>
/// Which implementation runs Ed25519 and X25519 in this process, for services to log at start-up and for tests and
/// benchmarks to report. libsodium (P/Invoke) when it can be loaded; otherwise the managed Ed25519 port and
/// BouncyCastle's X25519, which accept and produce exactly the same bytes, only slower. Setting the environment
/// variable <c>SORCHA_CRYPTO_BACKEND=managed</c> forces the managed path.
/// </summary>
public static class CryptoBackend
{
    public const string EnvironmentVariable = Sodium.EnvironmentVariable;

    public static bool IsNative => Sodium.IsAvailable;

    /// <summary>E.g. "libsodium 1.0.18" or "managed".</summary>
    public static string Ed25519 => Sodium.IsAvailable ? $"libsodium {Sodium.Version}" : "managed";

    /// <summary>E.g. "libsodium 1.0.18" or "BouncyCastle".</summary>
    public static string X25519 => Sodium.IsAvailable ? $"libsodium {Sodium.Version}" : "BouncyCastle";

    /// <summary>The library file that was loaded, or why libsodium is not in use.</summary>
    public static string Reason => Sodium.Reason;

    /// <summary>One line for a start-up log.</summary>
    public static string Description => $"Ed25519: {Ed25519}; X25519: {X25519} ({Reason})";
}
