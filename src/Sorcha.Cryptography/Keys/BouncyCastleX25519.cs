using System.Security.Cryptography;
using Org.BouncyCastle.Math.EC.Rfc7748;

namespace Sorcha.Cryptography;

/// <summary>The managed X25519 backend (BouncyCastle), used when libsodium is not loaded and as its cross-check.</summary>
internal static class BouncyCastleX25519
{
    public static void PublicKey(ReadOnlySpan<byte> privateKey, Span<byte> publicKey)
    {
        var scalar = privateKey.ToArray();
        var result = new byte[X25519Keys.KeySize];
        try
        {
            X25519.ScalarMultBase(scalar, 0, result, 0);
            result.CopyTo(publicKey);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(scalar);
        }
    }

    public static bool TrySharedSecret(ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> publicKey, Span<byte> shared)
    {
        var scalar = privateKey.ToArray();
        var result = new byte[X25519Keys.KeySize];
        try
        {
            var ok = X25519.CalculateAgreement(scalar, 0, publicKey.ToArray(), 0, result, 0);
            result.CopyTo(shared);
            return ok;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(scalar);
            CryptographicOperations.ZeroMemory(result);
        }
    }
}
