using System.Buffers;
using System.Globalization;
using System.Text.Json;
using System.Text.Unicode;
using Sorcha.Ledger.Formats;

namespace Sorcha.Ledger.Chain;

/// <summary>
/// The wire form of a <see cref="CommittedTransaction"/>: the stored transaction's bytes up to its closing brace,
/// copied verbatim (so every string keeps its exact spelling), then the commit members. This is what the API returns
/// and what the export writes, one object per line.
/// </summary>
public static class CommittedTransactionJson
{
    // Longest suffix: five names, two 64-char hashes, two 19-digit longs, a 24-char timestamp, quotes and commas.
    private const int MaxCommitSuffixLength = 256;

    public static void Write(Utf8JsonWriter writer, ReadOnlySpan<byte> rawTransaction, CommitInfo commit)
    {
        var buffer = ArrayPool<byte>.Shared.Rent(rawTransaction.Length + MaxCommitSuffixLength);
        try
        {
            var length = Format(rawTransaction, commit, buffer);
            writer.WriteRawValue(buffer.AsSpan(0, length), skipInputValidation: true);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    public static byte[] ToUtf8Bytes(ReadOnlySpan<byte> rawTransaction, CommitInfo commit)
    {
        Span<byte> buffer = new byte[rawTransaction.Length + MaxCommitSuffixLength];
        return buffer[..Format(rawTransaction, commit, buffer)].ToArray();
    }

    /// <summary>Writes into <paramref name="destination"/> (raw length + 256 bytes is always enough); returns the length.</summary>
    public static int Format(ReadOnlySpan<byte> rawTransaction, CommitInfo commit, Span<byte> destination)
    {
        if (rawTransaction.Length < 2 || rawTransaction[0] != (byte)'{' || rawTransaction[^1] != (byte)'}')
        {
            throw new ArgumentException("the raw transaction must be a compact JSON object", nameof(rawTransaction));
        }

        // The commit values are written unescaped, so only spellings that need no escaping are allowed.
        if (!LowerHex.IsHash(commit.TxId) || !LowerHex.IsHash(commit.ChainHash) || commit.Sequence < 0 || commit.DocketNumber < 0)
        {
            throw new ArgumentException("txId and chainHash must be lowercase hex SHA-256, numbers non-negative", nameof(commit));
        }

        var body = rawTransaction[..^1];
        body.CopyTo(destination);
        var rest = destination[body.Length..];
        var separator = body.Length > 1 ? "," : "";
        var committedAt = commit.CommittedAt.UtcDateTime;
        var ok = commit.DocketNumber is { } docket
            ? Utf8.TryWrite(rest, CultureInfo.InvariantCulture, $"{separator}\"txId\":\"{commit.TxId}\",\"sequence\":{commit.Sequence},\"chainHash\":\"{commit.ChainHash}\",\"docketNumber\":{docket},\"committedAt\":\"{committedAt:yyyy-MM-dd'T'HH:mm:ss.fff'Z'}\"}}", out var written)
            : Utf8.TryWrite(rest, CultureInfo.InvariantCulture, $"{separator}\"txId\":\"{commit.TxId}\",\"sequence\":{commit.Sequence},\"chainHash\":\"{commit.ChainHash}\",\"committedAt\":\"{committedAt:yyyy-MM-dd'T'HH:mm:ss.fff'Z'}\"}}", out written);
        if (!ok)
        {
            throw new ArgumentException("destination is too small", nameof(destination));
        }

        return body.Length + written;
    }
}
