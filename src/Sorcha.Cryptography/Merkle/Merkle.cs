using System.Buffers;
using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// RFC 9162 §2.1 Merkle tree over raw leaves (a docket's 32-byte txIds):
/// leaf = SHA-256(0x00 || leaf), node = SHA-256(0x01 || left || right), empty tree = SHA-256("").
/// </summary>
public static class Merkle
{
    private const int HashSize = Hashes.Sha256Size;

    public static byte[] LeafHash(ReadOnlySpan<byte> leaf)
    {
        var hash = new byte[HashSize];
        WriteLeafHash(leaf, hash);
        return hash;
    }

    public static byte[] Root(IReadOnlyList<byte[]> leaves)
    {
        ArgumentNullException.ThrowIfNull(leaves);
        if (leaves.Count == 0)
        {
            return SHA256.HashData(ReadOnlySpan<byte>.Empty);
        }

        var buffer = ArrayPool<byte>.Shared.Rent(leaves.Count * HashSize);
        try
        {
            var level = buffer.AsSpan(0, leaves.Count * HashSize);
            for (var i = 0; i < leaves.Count; i++)
            {
                WriteLeafHash(leaves[i], level.Slice(i * HashSize, HashSize));
            }

            // Pairing neighbours level by level and promoting an odd last node unchanged builds exactly the
            // RFC 9162 tree (split at the largest power of two below n), in place.
            var count = leaves.Count;
            while (count > 1)
            {
                var next = 0;
                for (var i = 0; i + 1 < count; i += 2)
                {
                    WriteNodeHash(level.Slice(i * HashSize, HashSize), level.Slice((i + 1) * HashSize, HashSize), level.Slice(next++ * HashSize, HashSize));
                }

                if (count % 2 == 1)
                {
                    level.Slice((count - 1) * HashSize, HashSize).CopyTo(level.Slice(next++ * HashSize, HashSize));
                }

                count = next;
            }

            return level[..HashSize].ToArray();
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>RFC 9162 PATH(m, D[n]): the sibling hashes from the leaf up to the root.</summary>
    public static IReadOnlyList<byte[]> InclusionPath(IReadOnlyList<byte[]> leaves, int index)
    {
        ArgumentNullException.ThrowIfNull(leaves);
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(index, leaves.Count);

        var level = new List<byte[]>(leaves.Count);
        foreach (var leaf in leaves)
        {
            level.Add(LeafHash(leaf));
        }

        var path = new List<byte[]>();
        var position = index;
        while (level.Count > 1)
        {
            var sibling = position ^ 1;
            if (sibling < level.Count)
            {
                path.Add(level[sibling]);
            }

            var next = new List<byte[]>((level.Count + 1) / 2);
            for (var i = 0; i + 1 < level.Count; i += 2)
            {
                next.Add(NodeHash(level[i], level[i + 1]));
            }

            if (level.Count % 2 == 1)
            {
                next.Add(level[^1]);
            }

            level = next;
            position /= 2;
        }

        return path;
    }

    /// <summary>
    /// RFC 9162 §2.1.3.2: checks that <paramref name="leaf"/> (raw, hashed here as a leaf) sits at
    /// <paramref name="index"/> of a tree of <paramref name="treeSize"/> leaves with the given root.
    /// </summary>
    public static bool VerifyInclusion(ReadOnlySpan<byte> leaf, long index, long treeSize, IReadOnlyList<byte[]> path, ReadOnlySpan<byte> root)
    {
        if (path is null || index < 0 || index >= treeSize || root.Length != HashSize)
        {
            return false;
        }

        var fn = index;
        var sn = treeSize - 1;
        Span<byte> r = stackalloc byte[HashSize];
        WriteLeafHash(leaf, r);
        foreach (var p in path)
        {
            if (sn == 0 || p is null || p.Length != HashSize)
            {
                return false;
            }

            if ((fn & 1) == 1 || fn == sn)
            {
                WriteNodeHash(p, r, r);
                while ((fn & 1) == 0 && fn != 0)
                {
                    fn >>= 1;
                    sn >>= 1;
                }
            }
            else
            {
                WriteNodeHash(r, p, r);
            }

            fn >>= 1;
            sn >>= 1;
        }

        return sn == 0 && CryptographicOperations.FixedTimeEquals(r, root);
    }

    public static byte[] NodeHash(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        var hash = new byte[HashSize];
        WriteNodeHash(left, right, hash);
        return hash;
    }

    private static void WriteLeafHash(ReadOnlySpan<byte> leaf, Span<byte> destination)
    {
        if (leaf.Length <= 128)
        {
            Span<byte> input = stackalloc byte[1 + leaf.Length];
            input[0] = 0x00;
            leaf.CopyTo(input[1..]);
            SHA256.HashData(input, destination);
            return;
        }

        using var hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        hash.AppendData([0x00]);
        hash.AppendData(leaf);
        hash.GetHashAndReset(destination);
    }

    // Destination may alias left or right: the input is copied before hashing.
    private static void WriteNodeHash(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, Span<byte> destination)
    {
        if (left.Length != HashSize || right.Length != HashSize)
        {
            throw new ArgumentException("Merkle node children are 32-byte hashes.");
        }

        Span<byte> input = stackalloc byte[1 + (2 * HashSize)];
        input[0] = 0x01;
        left.CopyTo(input[1..]);
        right.CopyTo(input[(1 + HashSize)..]);
        SHA256.HashData(input, destination);
    }
}
