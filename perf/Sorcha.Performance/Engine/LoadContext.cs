using System.Net.Sockets;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;

namespace Sorcha.Performance.Engine;

/// <summary>What scenarios share: one pooled HttpClient on the gateway and development tokens per caller.</summary>
public sealed class LoadContext(Uri target, string devClientSecret) : IDisposable
{
    /// <summary>What the scenarios have created on this platform (the soak's memory model reads it).</summary>
    public Soak.StoredObjects Stored { get; } = new();

    public HttpClient Http { get; } = new(new StageTimings(new SocketsHttpHandler
    {
        MaxConnectionsPerServer = 512,
        PooledConnectionLifetime = TimeSpan.FromMinutes(5),
        ConnectCallback = ConnectTimedAsync,
    }))
    {
        BaseAddress = target,
        Timeout = TimeSpan.FromSeconds(30),
    };

    /// <summary>A bearer header for <paramref name="clientId"/>, fetched from the gateway's token endpoint.</summary>
    public async Task<AuthenticationHeaderValue> AuthAsync(string clientId, CancellationToken ct)
    {
        using var response = await Http.PostAsync("/api/auth/token", new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["grant_type"] = "client_credentials",
            ["client_id"] = clientId,
            ["client_secret"] = devClientSecret,
        }), ct);
        response.EnsureSuccessStatusCode();
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync(ct));
        return new AuthenticationHeaderValue("Bearer", body.RootElement.GetProperty("access_token").GetString());
    }

    /// <summary>One authenticated JSON request on the gateway; the caller disposes the response.</summary>
    public async Task<HttpResponseMessage> SendAsync(
        HttpMethod method, string url, object? body, AuthenticationHeaderValue auth, CancellationToken ct)
    {
        using var request = new HttpRequestMessage(method, url) { Content = body is null ? null : JsonContent.Create(body) };
        request.Headers.Authorization = auth;
        return await Http.SendAsync(request, ct);
    }

    public void Dispose() => Http.Dispose();

    /// <summary>SocketsHttpHandler's own connect (Nagle off), with the stream timed at the socket.</summary>
    private static async ValueTask<Stream> ConnectTimedAsync(SocketsHttpConnectionContext context, CancellationToken ct)
    {
        var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        try
        {
            await socket.ConnectAsync(context.DnsEndPoint, ct);
            return new WireTimedStream(new NetworkStream(socket, ownsSocket: true));
        }
        catch
        {
            socket.Dispose();
            throw;
        }
    }
}
