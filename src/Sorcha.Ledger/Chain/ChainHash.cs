using System.Security.Cryptography;

namespace Sorcha.Ledger.Chain;

/// <summary><c>chainHash(n) = SHA-256(chainHash(n-1) || txId(n))</c>, with <c>chainHash(-1)</c> = 32 zero bytes.</summary>
public static class ChainHash
{
    public const int Size = 32;

    /// <summary>The hex spelling of <see cref="Genesis"/>, also a register's head before its first transaction.</summary>
    public const string GenesisHex = "0000000000000000000000000000000000000000000000000000000000000000";

    public static ReadOnlySpan<byte> Genesis =>
    [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ];

    public static byte[] Next(ReadOnlySpan<byte> previous, ReadOnlySpan<byte> txId)
    {
        var next = new byte[Size];
        Next(previous, txId, next);
        return next;
    }

    /// <summary>Allocation-free form; <paramref name="destination"/> may be the same memory as <paramref name="previous"/>.</summary>
    public static void Next(ReadOnlySpan<byte> previous, ReadOnlySpan<byte> txId, Span<byte> destination)
    {
        if (previous.Length != Size || txId.Length != Size)
        {
            throw new ArgumentException("chain hashes and txIds are 32 bytes");
        }

        Span<byte> input = stackalloc byte[Size * 2];
        previous.CopyTo(input);
        txId.CopyTo(input[Size..]);
        SHA256.HashData(input, destination);
    }
}
