using System.Net;
using System.Net.Sockets;
using System.Net.WebSockets;
using System.Text;
using System.Text.Json;
using Sorcha.Events;

namespace Sorcha.IntegrationTests.Events;

/// <summary>
/// A hub client at the wire (SignalR's JSON protocol over a WebSocket through the gateway), for what a well-behaved
/// client never does: send a malformed message, or stop reading. Its socket's receive buffer is small, so a client
/// that stops reading backs the server up quickly.
/// </summary>
public sealed class RawHubClient : IAsyncDisposable
{
    private const char Separator = '\u001e';
    private readonly ClientWebSocket _socket = new();
    private readonly HttpMessageInvoker _invoker;
    private readonly StringBuilder _pending = new();

    private RawHubClient(HttpMessageInvoker invoker) => _invoker = invoker;

    /// <summary>Negotiates and connects as <paramref name="token"/>'s caller, with <paramref name="cookies"/> (the gateway's affinity).</summary>
    public static async Task<RawHubClient> ConnectAsync(Uri hubUrl, string token, CookieContainer cookies)
    {
        using var http = new HttpClient(new SocketsHttpHandler { CookieContainer = cookies });
        using var negotiate = new HttpRequestMessage(HttpMethod.Post, hubUrl + "/negotiate?negotiateVersion=1");
        negotiate.Headers.Authorization = new("Bearer", token);
        using var answer = await http.SendAsync(negotiate);
        answer.EnsureSuccessStatusCode();
        var connectionToken = JsonDocument.Parse(await answer.Content.ReadAsStringAsync()).RootElement.GetProperty("connectionToken").GetString();

        var client = new RawHubClient(new HttpMessageInvoker(new SocketsHttpHandler
        {
            ConnectCallback = async (context, ct) =>
            {
                var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true, ReceiveBufferSize = 4096 };
                await socket.ConnectAsync(context.DnsEndPoint, ct);
                return new NetworkStream(socket, ownsSocket: true);
            },
        }));
        client._socket.Options.SetRequestHeader("Authorization", "Bearer " + token);
        client._socket.Options.SetRequestHeader("Cookie", cookies.GetCookieHeader(hubUrl));
        var ws = new UriBuilder(hubUrl) { Scheme = hubUrl.Scheme == "https" ? "wss" : "ws", Query = "id=" + Uri.EscapeDataString(connectionToken!) }.Uri;
        await client._socket.ConnectAsync(ws, client._invoker, CancellationToken.None);
        await client.SendAsync("""{"protocol":"json","version":1}""");
        var handshake = await client.ReadMessageAsync();
        Assert.Equal("{}", handshake);
        return client;
    }

    public WebSocketState State => _socket.State;

    /// <summary>Invokes a hub method and reads until its completion; returns the completion's error, or null.</summary>
    public async Task<string?> InvokeAsync(string target, params string[] arguments)
    {
        var id = Guid.NewGuid().ToString("N");
        await SendAsync(JsonSerializer.Serialize(new { type = 1, invocationId = id, target, arguments }));
        while (true)
        {
            var message = JsonDocument.Parse(await ReadMessageAsync() ?? throw new WebSocketException("closed")).RootElement;
            if (message.GetProperty("type").GetInt32() == 3 && message.GetProperty("invocationId").GetString() == id)
            {
                return message.TryGetProperty("error", out var error) ? error.GetString() : null;
            }
        }
    }

    public Task SendAsync(string message) =>
        _socket.SendAsync(Encoding.UTF8.GetBytes(message + Separator), WebSocketMessageType.Text, true, CancellationToken.None);

    /// <summary>
    /// Reads 1 KiB a second and pings, until <paramref name="stop"/>: a client just fast enough that no transport
    /// timeout ever closes it (Kestrel's minimum response rate is 240 B/s, SignalR's client timeout 30 s), and far too
    /// slow for what it subscribed to.
    /// </summary>
    public async Task TrickleAsync(CancellationToken stop)
    {
        var buffer = new byte[1024];
        while (!stop.IsCancellationRequested && _socket.State == WebSocketState.Open)
        {
            await SendAsync("""{"type":6}""");
            var read = await _socket.ReceiveAsync(buffer, CancellationToken.None);
            if (read.MessageType == WebSocketMessageType.Close)
            {
                return;
            }

            await Task.Delay(TimeSpan.FromSeconds(1), stop).ContinueWith(_ => { }, TaskScheduler.Default);
        }
    }

    /// <summary>The next protocol message, or null once the server closed the connection.</summary>
    public async Task<string?> ReadMessageAsync()
    {
        var buffer = new byte[16 * 1024];
        while (true)
        {
            var text = _pending.ToString();
            var end = text.IndexOf(Separator, StringComparison.Ordinal);
            if (end >= 0)
            {
                _pending.Remove(0, end + 1);
                return text[..end];
            }

            var read = await _socket.ReceiveAsync(buffer, CancellationToken.None);
            if (read.MessageType == WebSocketMessageType.Close)
            {
                return null;
            }

            _pending.Append(Encoding.UTF8.GetString(buffer, 0, read.Count));
        }
    }

    /// <summary>Reads whatever is left until the server closes (true), or false when it is still open after <paramref name="patience"/>.</summary>
    public async Task<bool> ClosedByServerWithinAsync(TimeSpan patience)
    {
        using var deadline = new CancellationTokenSource(patience);
        var buffer = new byte[64 * 1024];
        try
        {
            while (true)
            {
                var read = await _socket.ReceiveAsync(buffer, deadline.Token);
                if (read.MessageType == WebSocketMessageType.Close)
                {
                    return true;
                }
            }
        }
        catch (WebSocketException)
        {
            return true; // closed without a handshake: aborted
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }

    /// <summary>A SubscribeRegister for <paramref name="registerId"/>, as the protocol carries it.</summary>
    public Task<string?> SubscribeRegisterAsync(string registerId) => InvokeAsync(nameof(EventsHub.SubscribeRegister), registerId);

    public ValueTask DisposeAsync()
    {
        _socket.Abort();
        _socket.Dispose();
        _invoker.Dispose();
        return ValueTask.CompletedTask;
    }
}
