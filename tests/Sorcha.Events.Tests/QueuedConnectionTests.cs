using System.Buffers;
using System.IO.Pipelines;
using System.Text;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Microsoft.Extensions.Logging.Abstractions;
using Sorcha.Events.Backplane;

namespace Sorcha.Events.Tests;

/// <summary>
/// The backplane's writes to a connection never wait for its client, keep their order, and a client that falls more
/// than the queue behind is closed (Backplane/QueuedConnection.cs). The "client" here is a pipe nobody reads until
/// the test says so, with a 1-byte pause threshold: every flush waits for it, as on a full socket.
/// </summary>
public sealed class QueuedConnectionTests
{
    [Fact]
    public async Task Writes_never_wait_for_the_client_and_arrive_in_order()
    {
        var (connection, client) = Connection();
        var queued = new QueuedConnection(connection, capacity: 10, NullLoggerFactory.Instance);

        for (var i = 0; i < 5; i++)
        {
            Assert.True(ReturnsAtOnce(queued.WriteAsync(Invocation(i))), $"write {i} returned at once");
        }

        Assert.Equal(["0", "1", "2", "3", "4"], await ReadTargetsAsync(client, 5));
        Assert.False(connection.ConnectionAborted.IsCancellationRequested);
        queued.Complete();
    }

    [Fact]
    public async Task A_client_that_falls_a_queue_behind_is_closed_and_the_writes_still_return_at_once()
    {
        var (connection, _) = Connection();
        var queued = new QueuedConnection(connection, capacity: 3, NullLoggerFactory.Instance);

        // At most one is being flushed (waiting for the client) and three wait in the queue: the fifth cannot fit.
        for (var i = 0; i < 8; i++)
        {
            Assert.True(ReturnsAtOnce(queued.WriteAsync(Invocation(i))), $"write {i} returned at once");
        }

        Assert.True(await Eventually.UntilAsync(() => connection.ConnectionAborted.IsCancellationRequested, TimeSpan.FromSeconds(10)),
            "the connection was closed");
        queued.Complete();
    }

    [Fact]
    public async Task It_is_the_same_connection_to_the_backplane()
    {
        var (connection, _) = Connection();
        connection.UserIdentifier = "someone";
        var queued = new QueuedConnection(connection, capacity: 1, NullLoggerFactory.Instance);
        Assert.Equal(connection.ConnectionId, queued.ConnectionId);
        Assert.Same(connection.Features, queued.Features);
        Assert.Same(connection.Items, queued.Items);
        Assert.Equal("someone", queued.UserIdentifier);
        Assert.Same(connection.Protocol, queued.Protocol);
        queued.Abort();
        Assert.True(await Eventually.UntilAsync(() => connection.ConnectionAborted.IsCancellationRequested, TimeSpan.FromSeconds(10)));
    }

    private static bool ReturnsAtOnce(ValueTask write) => write.IsCompletedSuccessfully;

    private static SerializedHubMessage Invocation(int i) => new(new InvocationMessage(i.ToString(System.Globalization.CultureInfo.InvariantCulture), []));

    /// <summary>A hub connection over two pipes; the second is the client's end (what the server writes arrives there).</summary>
    private static (HubConnectionContext Connection, PipeReader Client) Connection()
    {
        var toClient = new Pipe(new PipeOptions(pauseWriterThreshold: 1, resumeWriterThreshold: 1));
        var fromClient = new Pipe();
        var context = new DefaultConnectionContext(Guid.NewGuid().ToString("N"),
            new DuplexPipe(fromClient.Reader, toClient.Writer), new DuplexPipe(toClient.Reader, fromClient.Writer));
        var connection = new HubConnectionContext(context, new HubConnectionContextOptions(), NullLoggerFactory.Instance)
        {
            Protocol = new JsonHubProtocol(),
        };
        return (connection, toClient.Reader);
    }

    /// <summary>The targets of the next <paramref name="count"/> invocations the client receives.</summary>
    private static async Task<List<string>> ReadTargetsAsync(PipeReader client, int count)
    {
        var protocol = new JsonHubProtocol();
        var targets = new List<string>();
        using var deadline = new CancellationTokenSource(TimeSpan.FromSeconds(10));
        while (targets.Count < count)
        {
            var read = await client.ReadAsync(deadline.Token);
            var buffer = read.Buffer;
            while (protocol.TryParseMessage(ref buffer, new Binder(), out var message))
            {
                targets.Add(((InvocationMessage)message!).Target);
            }

            client.AdvanceTo(buffer.Start, buffer.End);
        }

        return targets;
    }

    private sealed class DuplexPipe(PipeReader input, PipeWriter output) : IDuplexPipe
    {
        public PipeReader Input { get; } = input;

        public PipeWriter Output { get; } = output;
    }

    private sealed class Binder : IInvocationBinder
    {
        public IReadOnlyList<Type> GetParameterTypes(string methodName) => [];

        public Type GetReturnType(string invocationId) => typeof(object);

        public Type GetStreamItemType(string streamId) => typeof(object);
    }
}

internal static class Eventually
{
    public static async Task<bool> UntilAsync(Func<bool> condition, TimeSpan patience)
    {
        var deadline = DateTime.UtcNow + patience;
        while (!condition())
        {
            if (DateTime.UtcNow > deadline)
            {
                return false;
            }

            await Task.Delay(10);
        }

        return true;
    }
}
