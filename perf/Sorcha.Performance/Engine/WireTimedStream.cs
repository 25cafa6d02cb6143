using System.Diagnostics;

namespace Sorcha.Performance.Engine;

/// <summary>
/// The harness's connection stream, timed where wrk times: at the socket. The first write of a step's first request
/// starts its clock, and every read that brings bytes moves its end (<see cref="RequestTrace"/>, found through
/// <see cref="StageTimings.Current"/>: HTTP/1.1 reads a response inside the request's own flow). With inline socket
/// completions (Program.cs) the read's continuation runs on the socket engine's thread, so the end is stamped before
/// the thread-pool hop, HttpClient's parsing and the scenario's own work; this stream then yields, so that work runs on
/// the thread pool and never holds up other connections' completions. Without it the harness counted its own
/// scheduling on a busy 2-core machine as server latency (docs/performance.md, "The generator against wrk").
/// </summary>
public sealed class WireTimedStream(Stream inner) : Stream
{
    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        var read = await inner.ReadAsync(buffer, cancellationToken).ConfigureAwait(false);
        if (read > 0 && StageTimings.Current.Value is { } trace)
        {
            trace.LastReceivedAt = Stopwatch.GetTimestamp();
            await Task.Yield(); // off the socket engine's thread before anything else runs
        }

        return read;
    }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (StageTimings.Current.Value is { FirstSentAt: null } trace)
        {
            trace.FirstSentAt = Stopwatch.GetTimestamp();
        }

        return inner.WriteAsync(buffer, cancellationToken);
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    // HttpClient's HTTP/1.1 connection uses only the asynchronous calls; the synchronous ones pass through untimed.
    public override int Read(byte[] buffer, int offset, int count) => inner.Read(buffer, offset, count);
    public override void Write(byte[] buffer, int offset, int count) => inner.Write(buffer, offset, count);
    public override Task FlushAsync(CancellationToken cancellationToken) => inner.FlushAsync(cancellationToken);
    public override void Flush() => inner.Flush();
    public override bool CanRead => inner.CanRead;
    public override bool CanWrite => inner.CanWrite;
    public override bool CanSeek => false;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            inner.Dispose();
        }

        base.Dispose(disposing);
    }
}
