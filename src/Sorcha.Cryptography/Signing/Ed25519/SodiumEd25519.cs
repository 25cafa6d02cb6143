using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>Ed25519 through libsodium; only called when <see cref="Sodium.IsAvailable"/>.</summary>
internal static unsafe class SodiumEd25519
{
    /// <summary>
    /// libsodium signs with sk = seed ‖ pk and hashes sk's pk into the challenge without checking it, so
    /// <paramref name="publicKey"/> must be the one derived from this seed (a wrong one would leak the key to anyone
    /// holding two signatures of one message); callers pass only keys they derived themselves.
    /// </summary>
    public static void Sign(ReadOnlySpan<byte> seed, ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> message, Span<byte> signature)
    {
        Span<byte> secretKey = stackalloc byte[64];
        byte empty = 0;
        try
        {
            seed.CopyTo(secretKey);
            publicKey.CopyTo(secretKey[32..]);
            fixed (byte* sk = secretKey, m = message, sig = signature)
            {
                if (LibSodium.Ed25519SignDetached(sig, null, m is null ? &empty : m, (ulong)message.Length, sk) != 0)
                {
                    throw new CryptographicException("libsodium could not sign.");
                }
            }
        }
        finally
        {
            CryptographicOperations.ZeroMemory(secretKey);
        }
    }

    public static void PublicKeyFromSeed(ReadOnlySpan<byte> seed, Span<byte> publicKey)
    {
        Span<byte> secretKey = stackalloc byte[64];
        try
        {
            fixed (byte* s = seed, sk = secretKey, pk = publicKey)
            {
                if (LibSodium.Ed25519SeedKeypair(pk, sk, s) != 0)
                {
                    throw new CryptographicException("libsodium could not derive the public key.");
                }
            }
        }
        finally
        {
            CryptographicOperations.ZeroMemory(secretKey);
        }
    }

    /// <summary>The encoding rules are checked here too, so no libsodium version can accept more than the managed path.</summary>
    public static bool Verify(ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> message, ReadOnlySpan<byte> signature) =>
        Ed25519Rules.PassesEncodingChecks(publicKey, signature) && VerifyWithLibraryRulesOnly(publicKey, message, signature);

    /// <summary>libsodium's own verdict, for the tests and the self-test that compare its rules with ours.</summary>
    public static bool VerifyWithLibraryRulesOnly(ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> message, ReadOnlySpan<byte> signature)
    {
        if (publicKey.Length != Ed25519Rules.PublicKeySize || signature.Length != Ed25519Rules.SignatureSize)
        {
            return false;
        }

        byte empty = 0;
        fixed (byte* pk = publicKey, m = message, sig = signature)
        {
            return LibSodium.Ed25519VerifyDetached(sig, m is null ? &empty : m, (ulong)message.Length, pk) == 0;
        }
    }
}
