using NSec.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// An Ed25519 seed held open for many signatures, only in libsodium's guarded memory (an NSec <see cref="Key"/>:
/// locked pages between guard pages, zeroed when disposed); the seed is never exported again. Opening costs a guarded
/// allocation (mmap, mprotect, mlock) and a scalar multiplication, which dominated a Wallet sign when it was done per
/// call (docs/performance.md, "Wallet reads and signs").
/// </summary>
public sealed class Ed25519Key : IDisposable
{
    private readonly Key _key;

    private Ed25519Key(Key key) => _key = key;

    /// <summary>The 32-byte seed, copied into guarded memory: the caller zeroes its own copy.</summary>
    public static Ed25519Key Import(ReadOnlySpan<byte> seed) => new(Ed25519Signing.Import(seed));

    /// <summary>Pure Ed25519 (RFC 8032), as <see cref="Signatures.Sign"/>; throws <see cref="ObjectDisposedException"/> once disposed.</summary>
    public byte[] Sign(ReadOnlySpan<byte> message) => Ed25519Signing.Algorithm.Sign(_key, message);

    public void Dispose() => _key.Dispose();
}
