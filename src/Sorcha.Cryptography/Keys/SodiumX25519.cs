using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>X25519 through libsodium (crypto_scalarmult_curve25519); only called when <see cref="Sodium.IsAvailable"/>.</summary>
internal static unsafe class SodiumX25519
{
    public static void PublicKey(ReadOnlySpan<byte> privateKey, Span<byte> publicKey)
    {
        fixed (byte* n = privateKey, q = publicKey)
        {
            if (LibSodium.X25519Base(q, n) != 0)
            {
                throw new CryptographicException("libsodium could not compute the X25519 public key.");
            }
        }
    }

    /// <summary>False when libsodium reports an all-zero result or a listed small-order u (the output is then unspecified).</summary>
    public static bool TrySharedSecret(ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> publicKey, Span<byte> shared)
    {
        fixed (byte* n = privateKey, p = publicKey, q = shared)
        {
            return LibSodium.X25519(q, n, p) == 0;
        }
    }
}
