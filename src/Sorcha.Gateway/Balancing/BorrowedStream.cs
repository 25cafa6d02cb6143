namespace Sorcha.Gateway.Balancing;

/// <summary>
/// The incoming request body as the content of one forwarding attempt. Disposing an HttpRequestMessage disposes its
/// content's stream; the body belongs to ASP.NET Core and must survive a failed attempt, so that the next replica can be
/// sent the same (rewound) body: this wrapper never disposes it (ASP.NET Core does when the request ends).
/// </summary>
public sealed class BorrowedStream(Stream body) : Stream
{
    public override bool CanRead => true;
    public override bool CanSeek => false;
    public override bool CanWrite => false;
    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => body.Read(buffer, offset, count);

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        body.ReadAsync(buffer, cancellationToken);

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        body.ReadAsync(buffer, offset, count, cancellationToken);

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
