using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// Pure Ed25519 (RFC 8032 §5.1) with 32-byte seeds and raw 32-byte public keys, on the managed curve code in
/// Ed25519/ (BouncyCastle 1.8.10's implementation is ~4x too slow for the ledger's signing and verification rates).
/// Secrets live only on the stack for the duration of a call and are wiped before returning.
/// </summary>
internal static class Ed25519Signing
{
    public const int SeedSize = 32;
    public const int PublicKeySize = 32;
    public const int SignatureSize = 64;

    private const int StackHashLimit = 512;

    public static KeyPair Generate()
    {
        var seed = RandomNumberGenerator.GetBytes(SeedSize);
        return new KeyPair(seed, PublicKeyFromPrivate(seed));
    }

    public static byte[] Sign(ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> message)
    {
        RequireSeed(privateKey);
        var signature = new byte[SignatureSize];
        Span<byte> h = stackalloc byte[64];
        Span<byte> nonceHash = stackalloc byte[64];
        Span<byte> nonce = stackalloc byte[32];
        Span<byte> publicKey = stackalloc byte[PublicKeySize];
        Span<byte> k = stackalloc byte[32];
        try
        {
            // a = clamp(SHA-512(seed)[0..32]), prefix = SHA-512(seed)[32..64].
            SHA512.HashData(privateKey, h);
            var scalar = h[..32];
            Clamp(scalar);
            EdwardsScalarMult.MultiplyBase(out var a, scalar);

            // r = SHA-512(prefix || M) mod L, R = r·B.
            Sha512(h[32..], ReadOnlySpan<byte>.Empty, message, nonceHash);
            Scalar25519.Reduce(nonceHash, nonce);
            EdwardsScalarMult.MultiplyBase(out var r, nonce);
            EdwardsPoint.EncodeTwo(a, publicKey, r, signature.AsSpan(0, 32));

            // S = (r + SHA-512(R || A || M)·a) mod L.
            Sha512(signature.AsSpan(0, 32), publicKey, message, nonceHash);
            Scalar25519.Reduce(nonceHash, k);
            Scalar25519.MulAdd(signature.AsSpan(32), k, scalar, nonce);
            return signature;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(h);
            CryptographicOperations.ZeroMemory(nonceHash);
            CryptographicOperations.ZeroMemory(nonce);
        }
    }

    public static bool Verify(ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> message, ReadOnlySpan<byte> signature)
    {
        if (publicKey.Length != PublicKeySize || signature.Length != SignatureSize)
        {
            return false;
        }

        var s = signature[32..];
        if (!Scalar25519.IsCanonical(s) || !EdwardsPoint.TryDecode(out var a, publicKey))
        {
            return false;
        }

        Span<byte> hash = stackalloc byte[64];
        Span<byte> k = stackalloc byte[32];
        Sha512(signature[..32], publicKey, message, hash);
        Scalar25519.Reduce(hash, k);

        // [S]B = R + [k]A  ⇔  R = [S]B + [k](-A); compare encodings, which also rejects a non-canonical R.
        Fe25519.Negate(out a.X, a.X);
        Fe25519.Negate(out a.T, a.T);
        EdwardsScalarMult.DoubleMultiplyVartime(out var check, k, a, s);
        Span<byte> encoded = stackalloc byte[32];
        EdwardsPoint.Encode(check.X, check.Y, check.Z, encoded);
        return encoded.SequenceEqual(signature[..32]);
    }

    public static byte[] PublicKeyFromPrivate(ReadOnlySpan<byte> privateKey)
    {
        RequireSeed(privateKey);
        Span<byte> h = stackalloc byte[64];
        try
        {
            SHA512.HashData(privateKey, h);
            Clamp(h[..32]);
            EdwardsScalarMult.MultiplyBase(out var a, h[..32]);
            var publicKey = new byte[PublicKeySize];
            EdwardsPoint.Encode(a.X, a.Y, a.Z, publicKey);
            return publicKey;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(h);
        }
    }

    public static bool IsValidPublicKey(ReadOnlySpan<byte> publicKey) =>
        publicKey.Length == PublicKeySize && EdwardsPoint.TryDecode(out _, publicKey);

    private static void Clamp(Span<byte> scalar)
    {
        scalar[0] &= 248;
        scalar[31] &= 127;
        scalar[31] |= 64;
    }

    /// <summary>SHA-512(a || b || c) without a heap buffer for the small messages (txIds, docket hashes) signed here.</summary>
    private static void Sha512(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b, ReadOnlySpan<byte> c, Span<byte> destination)
    {
        var length = a.Length + b.Length + c.Length;
        if (length <= StackHashLimit)
        {
            Span<byte> buffer = stackalloc byte[length];
            a.CopyTo(buffer);
            b.CopyTo(buffer[a.Length..]);
            c.CopyTo(buffer[(a.Length + b.Length)..]);
            SHA512.HashData(buffer, destination);
            CryptographicOperations.ZeroMemory(buffer);
            return;
        }

        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA512);
        hash.AppendData(a);
        hash.AppendData(b);
        hash.AppendData(c);
        hash.GetHashAndReset(destination);
    }

    private static void RequireSeed(ReadOnlySpan<byte> privateKey)
    {
        if (privateKey.Length != SeedSize)
        {
            throw new ArgumentException("An ED25519 private key is a 32-byte seed.", nameof(privateKey));
        }
    }
}
