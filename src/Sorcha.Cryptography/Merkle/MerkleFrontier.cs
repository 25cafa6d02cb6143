using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>
/// The right edge of an RFC 9162 Merkle tree that only grows: the roots of its perfect subtrees, largest first (one
/// per set bit of <see cref="Size"/>). That is all it takes to append a leaf and to compute the tree hash of every
/// prefix size as the register grows, in O(log n) memory, so the register tree root never needs every txId again.
/// MTH(D[n]) with n = 2^a1 + 2^a2 + … (a1 &gt; a2 &gt; …) is NODE(S1, NODE(S2, … Sk)): RFC 9162 splits at the largest
/// power of two below n, which is the first perfect subtree, and recurses on the rest.
/// </summary>
public sealed class MerkleFrontier
{
    private const int HashSize = Hashes.Sha256Size;
    private readonly List<(byte[] Hash, long Size)> _peaks = [];

    public long Size { get; private set; }

    /// <summary>Appends a raw leaf (a 32-byte txId), hashed here as RFC 9162 leaf.</summary>
    public void Append(ReadOnlySpan<byte> leaf)
    {
        var hash = Merkle.LeafHash(leaf);
        long size = 1;
        while (_peaks.Count > 0 && _peaks[^1].Size == size)
        {
            hash = Merkle.NodeHash(_peaks[^1].Hash, hash);
            size *= 2;
            _peaks.RemoveAt(_peaks.Count - 1);
        }

        _peaks.Add((hash, size));
        Size++;
    }

    public void AppendAll(IEnumerable<byte[]> leaves)
    {
        foreach (var leaf in leaves)
        {
            Append(leaf);
        }
    }

    /// <summary>The RFC 9162 tree hash of the <see cref="Size"/> leaves so far (SHA-256 of nothing for none).</summary>
    public byte[] Root()
    {
        if (_peaks.Count == 0)
        {
            return SHA256.HashData(ReadOnlySpan<byte>.Empty);
        }

        var root = _peaks[^1].Hash;
        for (var i = _peaks.Count - 2; i >= 0; i--)
        {
            root = Merkle.NodeHash(_peaks[i].Hash, root);
        }

        return root;
    }

    /// <summary>The peak hashes concatenated, largest first (their sizes follow from <see cref="Size"/>).</summary>
    public byte[] ToBytes() => [.. _peaks.SelectMany(p => p.Hash)];

    /// <summary>Rebuilds a frontier of <paramref name="size"/> leaves from <see cref="ToBytes"/>; false when they do not fit.</summary>
    public static bool TryFromBytes(long size, ReadOnlySpan<byte> peaks, out MerkleFrontier frontier)
    {
        frontier = new MerkleFrontier { Size = size };
        if (size < 0 || peaks.Length != long.PopCount(size) * HashSize)
        {
            return false;
        }

        var offset = 0;
        for (var bit = 62; bit >= 0; bit--)
        {
            if ((size & (1L << bit)) != 0)
            {
                frontier._peaks.Add((peaks.Slice(offset, HashSize).ToArray(), 1L << bit));
                offset += HashSize;
            }
        }

        return true;
    }
}
