using System.Buffers;
using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>SHA-256 and the lowercase hex form used for every hash and id in the API.</summary>
public static class Hashes
{
    public const int Sha256Size = 32;

    public static byte[] Sha256(ReadOnlySpan<byte> data) => SHA256.HashData(data);

    public static string ToHex(ReadOnlySpan<byte> data) => Convert.ToHexStringLower(data);

    /// <summary>Parses hex (either case, as clients may uppercase it); false for odd length or non-hex characters.</summary>
    public static bool TryFromHex(string? hex, out byte[] bytes)
    {
        bytes = [];
        if (hex is null || hex.Length % 2 != 0)
        {
            return false;
        }

        var result = new byte[hex.Length / 2];
        if (Convert.FromHexString(hex, result, out _, out _) != OperationStatus.Done)
        {
            return false;
        }

        bytes = result;
        return true;
    }

    public static byte[] FromHex(string hex)
    {
        ArgumentNullException.ThrowIfNull(hex);
        return TryFromHex(hex, out var bytes) ? bytes : throw new FormatException("The value is not valid hex.");
    }
}
