using System.Runtime.CompilerServices;

namespace Sorcha.Ledger.Export;

/// <summary>Streams the lines of an NDJSON stream as separate UTF-8 buffers, skipping blank lines.</summary>
public static class NdjsonLines
{
    public const int MaxLineBytes = 64 * 1024 * 1024;

    /// <param name="maxBytes">Stop after this many bytes of the stream (a section of a file); the rest is not read.</param>
    public static async IAsyncEnumerable<ReadOnlyMemory<byte>> ReadAsync(
        Stream stream, long maxBytes = long.MaxValue, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        var buffer = new byte[64 * 1024];
        int start = 0, end = 0;
        var remaining = maxBytes;
        while (true)
        {
            var newline = Array.IndexOf(buffer, (byte)'\n', start, end - start);
            if (newline >= 0)
            {
                var line = TakeLine(buffer, start, newline);
                start = newline + 1;
                if (!line.IsEmpty)
                {
                    yield return line;
                }

                continue;
            }

            (buffer, start, end) = MakeRoom(buffer, start, end);
            var room = (int)Math.Min(buffer.Length - end, remaining);
            var read = room == 0 ? 0 : await stream.ReadAsync(buffer.AsMemory(end, room), cancellationToken);
            remaining -= read;
            if (read == 0)
            {
                var last = TakeLine(buffer, start, end);
                if (!last.IsEmpty)
                {
                    yield return last;
                }

                yield break;
            }

            end += read;
        }
    }

    private static ReadOnlyMemory<byte> TakeLine(byte[] buffer, int start, int end)
    {
        var line = buffer.AsSpan(start, end - start).Trim(" \t\r"u8);
        return line.IsEmpty ? ReadOnlyMemory<byte>.Empty : line.ToArray();
    }

    private static (byte[] Buffer, int Start, int End) MakeRoom(byte[] buffer, int start, int end)
    {
        var length = end - start;
        if (length == buffer.Length)
        {
            if (buffer.Length >= MaxLineBytes)
            {
                throw new InvalidDataException($"an NDJSON line is longer than {MaxLineBytes} bytes");
            }

            Array.Resize(ref buffer, buffer.Length * 2);
        }
        else if (start > 0)
        {
            Array.Copy(buffer, start, buffer, 0, length);
        }

        return (buffer, 0, length);
    }
}
