using Org.BouncyCastle.Math.EC.Rfc7748;

namespace Sorcha.Cryptography;

/// <summary>RFC 7748 X25519 (BouncyCastle): raw 32-byte scalars and u-coordinates; clamping happens inside.</summary>
public static class X25519Keys
{
    public const int KeySize = 32;

    public static byte[] PublicKey(ReadOnlySpan<byte> privateKey)
    {
        RequireSize(privateKey, nameof(privateKey));
        var publicKey = new byte[KeySize];
        X25519.ScalarMultBase(privateKey.ToArray(), 0, publicKey, 0);
        return publicKey;
    }

    /// <summary>X25519(k, u). Returns false when the result is all zero (u of small order), which ECIES must reject.</summary>
    public static bool TrySharedSecret(ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> publicKey, Span<byte> shared)
    {
        RequireSize(privateKey, nameof(privateKey));
        RequireSize(publicKey, nameof(publicKey));
        var result = new byte[KeySize];
        var ok = X25519.CalculateAgreement(privateKey.ToArray(), 0, publicKey.ToArray(), 0, result, 0);
        result.CopyTo(shared);
        return ok;
    }

    private static void RequireSize(ReadOnlySpan<byte> key, string name)
    {
        if (key.Length != KeySize)
        {
            throw new ArgumentException("X25519 keys are 32 bytes.", name);
        }
    }
}
