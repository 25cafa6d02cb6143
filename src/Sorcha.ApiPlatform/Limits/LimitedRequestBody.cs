using System.Buffers;
using Microsoft.AspNetCore.Http;

namespace Sorcha.ApiPlatform.Limits;

/// <summary>
/// A chunked body (no Content-Length) read against the route's limit. Past the limit, the rest is read and dropped
/// (Kestrel's own limit is raised to <see cref="OversizedBodies.DrainLimit"/> for that) before the read fails with 413,
/// so that a proxy still sending the body sees the 413 problem instead of a reset connection.
/// </summary>
internal sealed class LimitedRequestBody(Stream inner, long limit) : Stream
{
    private long _read;

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => _read; set => throw new NotSupportedException(); }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        var count = await inner.ReadAsync(buffer, cancellationToken);
        _read += count;
        if (_read > limit)
        {
            await DrainAsync(cancellationToken);
            throw new BadHttpRequestException($"Request body too large. The max request body size is {limit} bytes.",
                StatusCodes.Status413PayloadTooLarge);
        }

        return count;
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override int Read(byte[] buffer, int offset, int count) => ReadAsync(buffer, offset, count).GetAwaiter().GetResult();

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    private async Task DrainAsync(CancellationToken cancellationToken)
    {
        var scratch = ArrayPool<byte>.Shared.Rent(64 * 1024);
        try
        {
            while (await inner.ReadAsync(scratch, cancellationToken) > 0)
            {
            }
        }
        catch (BadHttpRequestException)
        {
            // Over the drain limit as well: Kestrel will close the connection; the 413 below still goes out first.
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }
}
