using System.Runtime.InteropServices;

namespace Sorcha.Cryptography;

/// <summary>
/// The few libsodium functions Sorcha uses, bound by source-generated P/Invoke. The library name is resolved by
/// <see cref="Sodium"/> (Debian ships only <c>libsodium.so.23</c>, which the default probing would not find), and
/// nothing here may be called unless <see cref="Sodium.IsAvailable"/> is true.
/// </summary>
internal static unsafe partial class LibSodium
{
    public const string Name = "libsodium";

    [LibraryImport(Name, EntryPoint = "sodium_init")]
    public static partial int Init();

    [LibraryImport(Name, EntryPoint = "sodium_version_string")]
    public static partial nint VersionString();

    /// <summary>sk = seed || pk (64 bytes), pk = [clamp(SHA-512(seed)[0..32])]B.</summary>
    [LibraryImport(Name, EntryPoint = "crypto_sign_ed25519_seed_keypair")]
    public static partial int Ed25519SeedKeypair(byte* publicKey, byte* secretKey, byte* seed);

    /// <summary>Hashes sk[32..64] into the challenge as the public key without checking it (see Ed25519Signing).</summary>
    [LibraryImport(Name, EntryPoint = "crypto_sign_ed25519_detached")]
    public static partial int Ed25519SignDetached(byte* signature, ulong* signatureLength, byte* message, ulong messageLength, byte* secretKey);

    /// <summary>0 when valid, -1 otherwise; the acceptance rules are listed in Ed25519Rules.</summary>
    [LibraryImport(Name, EntryPoint = "crypto_sign_ed25519_verify_detached")]
    public static partial int Ed25519VerifyDetached(byte* signature, byte* message, ulong messageLength, byte* publicKey);

    /// <summary>q = X25519(n, p); -1 (q unspecified) when p is on libsodium's small-order list or q is all zero.</summary>
    [LibraryImport(Name, EntryPoint = "crypto_scalarmult_curve25519")]
    public static partial int X25519(byte* q, byte* n, byte* p);

    /// <summary>Keyed BLAKE2b (crypto_generichash), out 16–64 bytes, key 16–64 bytes.</summary>
    [LibraryImport(Name, EntryPoint = "crypto_generichash")]
    public static partial int GenericHash(byte* output, nuint outputLength, byte* input, ulong inputLength, byte* key, nuint keyLength);

    [LibraryImport(Name, EntryPoint = "crypto_scalarmult_curve25519_base")]
    public static partial int X25519Base(byte* q, byte* n);
}
