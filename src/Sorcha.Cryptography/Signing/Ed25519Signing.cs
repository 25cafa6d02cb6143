using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// Pure Ed25519 (RFC 8032 §5.1) with 32-byte seeds and raw 32-byte public keys: libsodium when it is loaded
/// (<see cref="CryptoBackend"/>), the managed port in Ed25519/ otherwise. Both produce the same signatures (Ed25519
/// is deterministic) and accept exactly the same ones (<see cref="Ed25519Rules"/>).
/// </summary>
internal static class Ed25519Signing
{
    public const int SeedSize = 32;
    public const int PublicKeySize = Ed25519Rules.PublicKeySize;
    public const int SignatureSize = Ed25519Rules.SignatureSize;

    public static KeyPair Generate()
    {
        var seed = RandomNumberGenerator.GetBytes(SeedSize);
        return new KeyPair(seed, PublicKeyFromPrivate(seed));
    }

    public static byte[] Sign(ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> message)
    {
        RequireSeed(privateKey);
        var signature = new byte[SignatureSize];
        Span<byte> publicKey = stackalloc byte[PublicKeySize];
        if (!DerivedPublicKeys.TryGet(SignatureAlgorithm.ED25519, privateKey, publicKey))
        {
            DerivePublicKey(privateKey, publicKey);
            DerivedPublicKeys.Add(SignatureAlgorithm.ED25519, privateKey, publicKey);
        }

        if (Sodium.IsAvailable)
        {
            SodiumEd25519.Sign(privateKey, publicKey, message, signature);
        }
        else
        {
            ManagedEd25519.Sign(privateKey, publicKey, message, signature);
        }

        return signature;
    }

    public static bool Verify(ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> message, ReadOnlySpan<byte> signature) =>
        Sodium.IsAvailable ? SodiumEd25519.Verify(publicKey, message, signature) : ManagedEd25519.Verify(publicKey, message, signature);

    public static byte[] PublicKeyFromPrivate(ReadOnlySpan<byte> privateKey)
    {
        RequireSeed(privateKey);
        var publicKey = new byte[PublicKeySize];
        DerivePublicKey(privateKey, publicKey);
        return publicKey;
    }

    public static bool IsValidPublicKey(ReadOnlySpan<byte> publicKey) => ManagedEd25519.IsValidPublicKey(publicKey);

    private static void DerivePublicKey(ReadOnlySpan<byte> seed, Span<byte> publicKey)
    {
        if (Sodium.IsAvailable)
        {
            SodiumEd25519.PublicKeyFromSeed(seed, publicKey);
        }
        else
        {
            ManagedEd25519.PublicKeyFromSeed(seed, publicKey);
        }
    }

    private static void RequireSeed(ReadOnlySpan<byte> privateKey)
    {
        if (privateKey.Length != SeedSize)
        {
            throw new ArgumentException("An ED25519 private key is a 32-byte seed.", nameof(privateKey));
        }
    }
}
