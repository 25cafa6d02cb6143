using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// ECIES's ephemeral X25519 key, through the same libsodium functions NSec calls (so the same clamping and the same
/// small-order rejection), but without NSec's objects: NSec puts every <see cref="NSec.Cryptography.Key"/> and shared
/// secret in guarded memory (<c>sodium_malloc</c>: mmap, mprotect and mlock per object), which cost the Wallet service
/// as much as the scalar multiplications themselves for a key that lives for one envelope (docs/performance.md, "CPU
/// per action"). The scalar stays on the caller's stack and is zeroed before the call returns, as the shared secret
/// exported for HKDF always was. Wallet keys are unaffected: they stay in NSec keys (docs/security.md, "Keys open
/// in memory").
/// </summary>
internal static class X25519Ephemeral
{
    private const string Libsodium = "libsodium";

    static X25519Ephemeral()
    {
        // NSec initialises libsodium too; sodium_init is idempotent and picks the CPU's implementations, which
        // crypto_scalarmult needs before its first call.
        if (NativeMethods.sodium_init() < 0)
        {
            throw new InvalidOperationException("libsodium could not be initialised.");
        }
    }

    /// <summary>
    /// A fresh key pair's public half, and X25519(fresh scalar, <paramref name="recipientPublicKey"/>) into
    /// <paramref name="shared"/>. False (shared zeroed) when the recipient's key is of small order.
    /// </summary>
    public static bool TryAgree(ReadOnlySpan<byte> recipientPublicKey, Span<byte> ephemeralPublic, Span<byte> shared)
    {
        if (recipientPublicKey.Length != X25519Keys.KeySize || ephemeralPublic.Length != X25519Keys.KeySize || shared.Length != X25519Keys.KeySize)
        {
            throw new ArgumentException("X25519 keys and secrets are 32 bytes.");
        }

        Span<byte> scalar = stackalloc byte[X25519Keys.KeySize];
        try
        {
            RandomNumberGenerator.Fill(scalar);
            if (NativeMethods.crypto_scalarmult_curve25519_base(ref MemoryMarshal.GetReference(ephemeralPublic), in MemoryMarshal.GetReference(scalar)) != 0)
            {
                throw new CryptographicException("X25519 base-point multiplication failed.");
            }

            if (NativeMethods.crypto_scalarmult_curve25519(ref MemoryMarshal.GetReference(shared), in MemoryMarshal.GetReference(scalar),
                    in MemoryMarshal.GetReference(recipientPublicKey)) != 0)
            {
                shared.Clear();
                return false;
            }

            return true;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(scalar);
        }
    }

    /// <summary>Blittable by-reference arguments (pinned for the call): no marshalling, no unsafe code.</summary>
    private static class NativeMethods
    {
        [DllImport(Libsodium, CallingConvention = CallingConvention.Cdecl)]
        [DefaultDllImportSearchPaths(DllImportSearchPath.SafeDirectories)]
        internal static extern int sodium_init();

        [DllImport(Libsodium, CallingConvention = CallingConvention.Cdecl)]
        [DefaultDllImportSearchPaths(DllImportSearchPath.SafeDirectories)]
        internal static extern int crypto_scalarmult_curve25519_base(ref byte q, in byte n);

        [DllImport(Libsodium, CallingConvention = CallingConvention.Cdecl)]
        [DefaultDllImportSearchPaths(DllImportSearchPath.SafeDirectories)]
        internal static extern int crypto_scalarmult_curve25519(ref byte q, in byte n, in byte p);
    }
}
