using System.Buffers.Binary;
using System.Security.Cryptography;
using System.Text;

namespace Sorcha.Cryptography;

/// <summary>
/// SLIP-0010 private key derivation. ed25519 allows hardened indexes only; nist256p1 allows both and applies the
/// spec's retry rules when a candidate key is 0 or not below the curve order.
/// </summary>
public static class Slip10
{
    public const uint HardenedOffset = 0x80000000;

    private const int HalfSize = 32;

    public static uint Hardened(uint index) => index | HardenedOffset;

    public static (byte[] Key, byte[] ChainCode) DeriveMaster(Slip10Curve curve, ReadOnlySpan<byte> seed)
    {
        var hmacKey = Encoding.ASCII.GetBytes(curve switch
        {
            Slip10Curve.Ed25519 => "ed25519 seed",
            Slip10Curve.NistP256 => "Nist256p1 seed",
            _ => throw new ArgumentOutOfRangeException(nameof(curve)),
        });
        var i = HMACSHA512.HashData(hmacKey, seed);
        // For nist256p1 an invalid IL (0 or >= n) means hashing I again under the same key.
        while (curve == Slip10Curve.NistP256 && !P256Curve.IsValidScalar(i.AsSpan(0, HalfSize)))
        {
            var next = HMACSHA512.HashData(hmacKey, i);
            CryptographicOperations.ZeroMemory(i);
            i = next;
        }

        return Split(i);
    }

    public static (byte[] Key, byte[] ChainCode) Derive(Slip10Curve curve, ReadOnlySpan<byte> seed, ReadOnlySpan<uint> path)
    {
        var (key, chainCode) = DeriveMaster(curve, seed);
        foreach (var index in path)
        {
            var (childKey, childChain) = DeriveChild(curve, key, chainCode, index);
            CryptographicOperations.ZeroMemory(key);
            CryptographicOperations.ZeroMemory(chainCode);
            (key, chainCode) = (childKey, childChain);
        }

        return (key, chainCode);
    }

    private static (byte[] Key, byte[] ChainCode) DeriveChild(Slip10Curve curve, byte[] parentKey, byte[] chainCode, uint index)
    {
        var hardened = index >= HardenedOffset;
        if (curve == Slip10Curve.Ed25519 && !hardened)
        {
            throw new ArgumentException("SLIP-0010 ed25519 derivation supports hardened indexes only.", nameof(index));
        }

        // Hardened: 0x00 || k_par || ser32(i); normal: serP(point(k_par)) || ser32(i).
        var data = new byte[1 + HalfSize + 4];
        if (hardened)
        {
            parentKey.CopyTo(data, 1);
        }
        else
        {
            P256Curve.PublicKey(parentKey, compressed: true).CopyTo(data, 0);
        }

        BinaryPrimitives.WriteUInt32BigEndian(data.AsSpan(1 + HalfSize), index);
        var i = HMACSHA512.HashData(chainCode, data);
        CryptographicOperations.ZeroMemory(data);
        if (curve == Slip10Curve.Ed25519)
        {
            return Split(i);
        }

        while (true)
        {
            // k_i = (IL + k_par) mod n; if IL >= n or k_i = 0, retry with I = HMAC(c_par, 0x01 || IR || ser32(i)).
            var il = P256Curve.ToScalar(i.AsSpan(0, HalfSize));
            var child = il.Add(P256Curve.ToScalar(parentKey)).Mod(P256Curve.Order);
            if (il.CompareTo(P256Curve.Order) < 0 && child.SignValue != 0)
            {
                var result = (P256Curve.ToBytes(child), i[HalfSize..]);
                CryptographicOperations.ZeroMemory(i);
                return result;
            }

            var retry = new byte[1 + HalfSize + 4];
            retry[0] = 0x01;
            i.AsSpan(HalfSize).CopyTo(retry.AsSpan(1));
            BinaryPrimitives.WriteUInt32BigEndian(retry.AsSpan(1 + HalfSize), index);
            CryptographicOperations.ZeroMemory(i);
            i = HMACSHA512.HashData(chainCode, retry);
        }
    }

    private static (byte[] Key, byte[] ChainCode) Split(byte[] i)
    {
        var result = (i[..HalfSize], i[HalfSize..]);
        CryptographicOperations.ZeroMemory(i);
        return result;
    }
}
