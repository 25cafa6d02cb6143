using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// The managed Ed25519 backend (the ref10 port in this folder): the fallback when libsodium cannot be loaded, and
/// an independent cross-check of it in the tests. Secrets live only on the stack for the duration of a call and are
/// wiped before returning.
/// </summary>
internal static class ManagedEd25519
{
    private const int StackHashLimit = 512;

    /// <summary>
    /// RFC 8032 signing. <paramref name="publicKey"/> is either empty (derived here) or the key derived from this
    /// seed earlier (<see cref="DerivedPublicKeys"/>); it goes into the challenge hash unchecked.
    /// </summary>
    public static void Sign(ReadOnlySpan<byte> seed, ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> message, Span<byte> signature)
    {
        Span<byte> h = stackalloc byte[64];
        Span<byte> nonceHash = stackalloc byte[64];
        Span<byte> nonce = stackalloc byte[32];
        Span<byte> derivedPublicKey = stackalloc byte[Ed25519Rules.PublicKeySize];
        Span<byte> k = stackalloc byte[32];
        try
        {
            // a = clamp(SHA-512(seed)[0..32]), prefix = SHA-512(seed)[32..64].
            SHA512.HashData(seed, h);
            var scalar = h[..32];
            Clamp(scalar);

            // r = SHA-512(prefix || M) mod L, R = r·B.
            Sha512(h[32..], ReadOnlySpan<byte>.Empty, message, nonceHash);
            Scalar25519.Reduce(nonceHash, nonce);
            EdwardsScalarMult.MultiplyBase(out var r, nonce);
            scoped var challengeKey = publicKey;
            if (publicKey.IsEmpty)
            {
                EdwardsScalarMult.MultiplyBase(out var a, scalar);
                EdwardsPoint.EncodeTwo(a, derivedPublicKey, r, signature[..32]);
                challengeKey = derivedPublicKey;
            }
            else
            {
                EdwardsPoint.Encode(r.X, r.Y, r.Z, signature[..32]);
            }

            // S = (r + SHA-512(R || A || M)·a) mod L.
            Sha512(signature[..32], challengeKey, message, nonceHash);
            Scalar25519.Reduce(nonceHash, k);
            Scalar25519.MulAdd(signature[32..], k, scalar, nonce);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(h);
            CryptographicOperations.ZeroMemory(nonceHash);
            CryptographicOperations.ZeroMemory(nonce);
        }
    }

    /// <summary>Applies every rule of <see cref="Ed25519Rules"/>.</summary>
    public static bool Verify(ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> message, ReadOnlySpan<byte> signature)
    {
        if (!Ed25519Rules.PassesEncodingChecks(publicKey, signature) || !EdwardsPoint.TryDecode(out var a, publicKey))
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
        EdwardsScalarMult.DoubleMultiplyVartime(out var check, k, a, signature[32..]);
        Span<byte> encoded = stackalloc byte[32];
        EdwardsPoint.Encode(check.X, check.Y, check.Z, encoded);
        return encoded.SequenceEqual(signature[..32]);
    }

    public static void PublicKeyFromSeed(ReadOnlySpan<byte> seed, Span<byte> publicKey)
    {
        Span<byte> h = stackalloc byte[64];
        try
        {
            SHA512.HashData(seed, h);
            Clamp(h[..32]);
            EdwardsScalarMult.MultiplyBase(out var a, h[..32]);
            EdwardsPoint.Encode(a.X, a.Y, a.Z, publicKey);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(h);
        }
    }

    /// <summary>Encoding validity only (canonical y on the curve, no "negative zero" x); small order is not rejected here.</summary>
    public static bool IsValidPublicKey(ReadOnlySpan<byte> publicKey) =>
        publicKey.Length == Ed25519Rules.PublicKeySize && EdwardsPoint.TryDecode(out _, publicKey);

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
}
