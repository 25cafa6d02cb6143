using System.Net.Sockets;
using System.Text;

namespace Sorcha.FaultTests.Limits;

/// <summary>
/// A slowloris and an idle crowd at one endpoint: <c>trickling</c> connections that send a request line and then one
/// header line a second, never finishing (each cut by the server is opened again, as an attacker would), and
/// <c>idle</c> keep-alive connections that made one request and then say nothing.
/// </summary>
public sealed class SlowClients : IAsyncDisposable
{
    private static readonly byte[] RequestLine = Encoding.ASCII.GetBytes("GET /alive HTTP/1.1\r\nHost: localhost\r\n");
    private static readonly byte[] HeaderLine = Encoding.ASCII.GetBytes("X-Slow: 1\r\n");
    private static readonly byte[] WholeRequest = Encoding.ASCII.GetBytes("GET /alive HTTP/1.1\r\nHost: localhost\r\n\r\n");
    private readonly CancellationTokenSource _stop = new();
    private readonly List<Socket> _idle = [];
    private readonly List<Task> _tricklers = [];
    private long _cut;

    /// <summary>How many trickling connections the server has closed so far.</summary>
    public long Cut => Interlocked.Read(ref _cut);

    /// <summary>
    /// Opens the idle connections (returns once all are open), then starts the tricklers, their first connections spread
    /// evenly over <paramref name="spread"/>, as independent clients arrive.
    /// </summary>
    public static async Task<SlowClients> StartAsync(Uri endpoint, int trickling, int idle, TimeSpan spread)
    {
        var clients = new SlowClients();
        for (var opened = 0; opened < idle; opened += 50)
        {
            clients._idle.AddRange(await Task.WhenAll(Enumerable.Range(0, Math.Min(50, idle - opened)).Select(_ => OpenIdleAsync(endpoint))));
        }

        // Each is cut, and comes back, as far apart from the others as it arrived.
        for (var i = 0; i < trickling; i++)
        {
            clients._tricklers.Add(clients.TrickleAsync(endpoint, spread * i / trickling));
        }

        return clients;
    }

    /// <summary>Idle connections the server still keeps open (a closed one reads as end of stream at once).</summary>
    public int IdleOpen() => _idle.Count(s => !(s.Poll(0, SelectMode.SelectRead) && s.Available == 0));

    private static async Task<Socket> OpenIdleAsync(Uri endpoint)
    {
        var socket = await ConnectAsync(endpoint, CancellationToken.None);
        await socket.SendAsync(WholeRequest);
        var buffer = new byte[4096];
        var read = 0;
        // The whole answer (a short chunked body: it ends with the last chunk), so the connection then sits idle.
        while (!Encoding.ASCII.GetString(buffer, 0, read).EndsWith("\r\n0\r\n\r\n", StringComparison.Ordinal))
        {
            var n = await socket.ReceiveAsync(buffer.AsMemory(read));
            read += n > 0 ? n : throw new IOException($"the server closed an idle connection before answering: {Encoding.ASCII.GetString(buffer, 0, read)}");
        }

        return socket;
    }

    private async Task TrickleAsync(Uri endpoint, TimeSpan start)
    {
        var ct = _stop.Token;
        await Task.Delay(start, ct);
        while (!ct.IsCancellationRequested)
        {
            try
            {
                using var socket = await ConnectAsync(endpoint, ct);
                await socket.SendAsync(RequestLine, ct);
                while (!ct.IsCancellationRequested)
                {
                    await Task.Delay(TimeSpan.FromSeconds(1), ct);
                    if (socket.Poll(0, SelectMode.SelectRead))
                    {
                        break; // an answer (408) or the close: the server gave up on this request
                    }

                    await socket.SendAsync(HeaderLine, ct);
                }
            }
            catch (SocketException)
            {
            }
            catch (OperationCanceledException) when (ct.IsCancellationRequested)
            {
                return;
            }

            if (!ct.IsCancellationRequested)
            {
                Interlocked.Increment(ref _cut);
            }
        }
    }

    private static async Task<Socket> ConnectAsync(Uri endpoint, CancellationToken ct)
    {
        var socket = new Socket(SocketType.Stream, ProtocolType.Tcp);
        await socket.ConnectAsync(endpoint.Host, endpoint.Port, ct);
        return socket;
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        try
        {
            await Task.WhenAll(_tricklers);
        }
        catch (OperationCanceledException)
        {
        }

        foreach (var socket in _idle)
        {
            socket.Dispose();
        }

        _stop.Dispose();
    }
}
