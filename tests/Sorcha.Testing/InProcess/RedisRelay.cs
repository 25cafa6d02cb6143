using System.Net;
using System.Net.Sockets;
using StackExchange.Redis;

namespace Sorcha.Testing.InProcess;

/// <summary>
/// A loopback TCP relay in front of a test's Redis, so that a test can take Redis away from one client and give it back
/// without touching the Redis the other tests share: <see cref="Cut"/> closes every relayed connection (the client
/// reads an end of stream, as when a killed Redis's sockets close) and refuses new ones until <see cref="Restore"/>.
/// </summary>
public sealed class RedisRelay : IAsyncDisposable
{
    private readonly EndPoint _target;
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly CancellationTokenSource _stop = new();
    private readonly Lock _gate = new();
    private readonly List<Socket> _open = [];
    private readonly Task _accepting;
    private bool _cut;

    private RedisRelay(string connectionString)
    {
        var options = ConfigurationOptions.Parse(connectionString);
        _target = options.EndPoints.Single();
        _listener.Start();
        options.EndPoints.Clear();
        options.EndPoints.Add(IPAddress.Loopback, ((IPEndPoint)_listener.LocalEndpoint).Port);
        ConnectionString = options.ToString(includePassword: true);
        _accepting = AcceptAsync();
    }

    /// <summary>The Redis connection string with the relay in place of the server.</summary>
    public string ConnectionString { get; }

    /// <summary>A relay to the (single-server) Redis of <paramref name="connectionString"/>.</summary>
    public static RedisRelay Start(string connectionString) => new(connectionString);

    /// <summary>Closes every relayed connection and refuses new ones: Redis is gone, as far as the relay's clients see.</summary>
    public void Cut()
    {
        lock (_gate)
        {
            _cut = true;
            foreach (var socket in _open)
            {
                socket.Close(0);
            }

            _open.Clear();
        }
    }

    /// <summary>Accepts and relays connections again (Redis is back, with whatever it kept).</summary>
    public void Restore()
    {
        lock (_gate)
        {
            _cut = false;
        }
    }

    private async Task AcceptAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            Socket client;
            try
            {
                client = await _listener.AcceptSocketAsync(_stop.Token);
            }
            catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
            {
                return;
            }

            _ = RelayAsync(client);
        }
    }

    private async Task RelayAsync(Socket client)
    {
        var server = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        client.NoDelay = true;
        try
        {
            lock (_gate)
            {
                if (_cut)
                {
                    client.Close(0);
                    server.Dispose();
                    return;
                }

                _open.Add(client);
                _open.Add(server);
            }

            await server.ConnectAsync(_target, _stop.Token);
            await Task.WhenAny(PumpAsync(client, server), PumpAsync(server, client));
        }
        catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
        {
            // cut, or the relay stopped
        }
        finally
        {
            lock (_gate)
            {
                _open.Remove(client);
                _open.Remove(server);
            }

            client.Close(0);
            server.Close(0);
        }
    }

    private async Task PumpAsync(Socket from, Socket to)
    {
        var buffer = new byte[64 * 1024];
        try
        {
            int read;
            while ((read = await from.ReceiveAsync(buffer, _stop.Token)) > 0)
            {
                await to.SendAsync(buffer.AsMemory(0, read), _stop.Token);
            }
        }
        catch (Exception e) when (e is OperationCanceledException or SocketException or ObjectDisposedException)
        {
            // one side closed
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        _listener.Stop();
        Cut();
        await _accepting;
        _stop.Dispose();
    }
}
