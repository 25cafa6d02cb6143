using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Sorcha.Cryptography;

/// <summary>Byte encoding, constant-time selection and predicates.</summary>
internal partial struct Fe25519
{
    /// <summary>Loads 32 little-endian bytes, ignoring bit 255 (the point encoding's sign bit).</summary>
    public static void FromBytes(out Fe25519 r, ReadOnlySpan<byte> s)
    {
        r.L0 = BinaryPrimitives.ReadUInt64LittleEndian(s) & Mask;
        r.L1 = (BinaryPrimitives.ReadUInt64LittleEndian(s[6..]) >> 3) & Mask;
        r.L2 = (BinaryPrimitives.ReadUInt64LittleEndian(s[12..]) >> 6) & Mask;
        r.L3 = (BinaryPrimitives.ReadUInt64LittleEndian(s[19..]) >> 1) & Mask;
        r.L4 = (BinaryPrimitives.ReadUInt64LittleEndian(s[24..]) >> 12) & Mask;
    }

    /// <summary>Writes the canonical (fully reduced, below p) little-endian encoding.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public readonly void ToBytes(Span<byte> s)
    {
        Carry(out var h, L0, L1, L2, L3, L4);
        Carry(out h, h.L0, h.L1, h.L2, h.L3, h.L4);

        // Now h < 2^255 < 2p. q = 1 exactly when h >= p, i.e. when h + 19 carries out of bit 255.
        var q = (h.L0 + 19) >> 51;
        q = (h.L1 + q) >> 51;
        q = (h.L2 + q) >> 51;
        q = (h.L3 + q) >> 51;
        q = (h.L4 + q) >> 51;

        var h0 = h.L0 + (19 * q);
        var h1 = h.L1 + (h0 >> 51);
        h0 &= Mask;
        var h2 = h.L2 + (h1 >> 51);
        h1 &= Mask;
        var h3 = h.L3 + (h2 >> 51);
        h2 &= Mask;
        var h4 = h.L4 + (h3 >> 51);
        h3 &= Mask;
        h4 &= Mask;

        BinaryPrimitives.WriteUInt64LittleEndian(s, h0 | (h1 << 51));
        BinaryPrimitives.WriteUInt64LittleEndian(s[8..], (h1 >> 13) | (h2 << 38));
        BinaryPrimitives.WriteUInt64LittleEndian(s[16..], (h2 >> 26) | (h3 << 25));
        BinaryPrimitives.WriteUInt64LittleEndian(s[24..], (h3 >> 39) | (h4 << 12));
    }

    /// <summary>The "sign" of RFC 8032: the low bit of the canonical encoding.</summary>
    public readonly int IsNegative()
    {
        Span<byte> s = stackalloc byte[32];
        ToBytes(s);
        return s[0] & 1;
    }

    public readonly bool IsZero()
    {
        Span<byte> s = stackalloc byte[32];
        ToBytes(s);
        return !s.ContainsAnyExcept((byte)0);
    }

    public static bool AreEqual(in Fe25519 a, in Fe25519 b)
    {
        Sub(out var d, a, b);
        return d.IsZero();
    }

    /// <summary>r = b when <paramref name="flag"/> is 1, unchanged when 0, without branching.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ConditionalMove(ref Fe25519 r, in Fe25519 b, ulong flag)
    {
        var mask = 0UL - flag;
        r.L0 ^= mask & (r.L0 ^ b.L0);
        r.L1 ^= mask & (r.L1 ^ b.L1);
        r.L2 ^= mask & (r.L2 ^ b.L2);
        r.L3 ^= mask & (r.L3 ^ b.L3);
        r.L4 ^= mask & (r.L4 ^ b.L4);
    }
}
