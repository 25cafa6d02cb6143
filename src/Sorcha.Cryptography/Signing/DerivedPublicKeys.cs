using System.Buffers.Binary;
using System.Collections.Concurrent;
using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// Public keys already derived in this process, keyed by a MAC of the private key under a random per-process key
/// (keyed BLAKE2b through libsodium when it is loaded, a few hundred nanoseconds; HMAC-SHA256 otherwise). Signing
/// needs the public key, and deriving it costs a scalar multiplication, as much as the signature itself;
/// services sign per request from a freshly unsealed private key, so without this every signature paid twice. No
/// private key is kept: only the one-way MAC, which cannot sign and cannot be tested against guesses without the
/// per-process key. Taking the public key from the caller instead (the wallet record has it) would be cheaper still
/// but unsafe for Ed25519: a wrong public key in the challenge lets two signatures of one message reveal the secret.
/// </summary>
internal static unsafe class DerivedPublicKeys
{
    /// <summary>Enough for every wallet a service signs with in practice; when full the cache starts over.</summary>
    public const int Capacity = 8192;

    private static readonly byte[] _macKey = RandomNumberGenerator.GetBytes(32);
    private static readonly ConcurrentDictionary<(UInt128, UInt128), byte[]> _keys = new();

    public static bool TryGet(SignatureAlgorithm algorithm, ReadOnlySpan<byte> privateKey, Span<byte> publicKey)
    {
        if (!_keys.TryGetValue(Tag(algorithm, privateKey), out var known) || known.Length != publicKey.Length)
        {
            return false;
        }

        known.CopyTo(publicKey);
        return true;
    }

    public static void Add(SignatureAlgorithm algorithm, ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> publicKey)
    {
        if (_keys.Count >= Capacity)
        {
            _keys.Clear();
        }

        _keys[Tag(algorithm, privateKey)] = publicKey.ToArray();
    }

    private static (UInt128, UInt128) Tag(SignatureAlgorithm algorithm, ReadOnlySpan<byte> privateKey)
    {
        Span<byte> input = stackalloc byte[1 + privateKey.Length];
        Span<byte> mac = stackalloc byte[32];
        try
        {
            input[0] = (byte)algorithm;
            privateKey.CopyTo(input[1..]);
            if (Sodium.IsAvailable)
            {
                fixed (byte* output = mac, data = input, key = _macKey)
                {
                    if (LibSodium.GenericHash(output, (nuint)mac.Length, data, (ulong)input.Length, key, (nuint)_macKey.Length) != 0)
                    {
                        throw new CryptographicException("libsodium could not hash.");
                    }
                }
            }
            else
            {
                HMACSHA256.HashData(_macKey, input, mac);
            }

            return (BinaryPrimitives.ReadUInt128LittleEndian(mac), BinaryPrimitives.ReadUInt128LittleEndian(mac[16..]));
        }
        finally
        {
            CryptographicOperations.ZeroMemory(input);
        }
    }
}
