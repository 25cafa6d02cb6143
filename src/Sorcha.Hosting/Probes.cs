using System.Net.Sockets;
using System.Text;

namespace Sorcha.Hosting;

/// <summary>Readiness probes: an HTTP endpoint answering 2xx, or a RESP server answering PING.</summary>
public static class Probes
{
    private static readonly HttpClient Http = new() { Timeout = TimeSpan.FromSeconds(2) };

    public static Func<CancellationToken, Task<bool>> Http2xx(Uri url) => async ct =>
    {
        try
        {
            using var response = await Http.GetAsync(url, ct);
            return response.IsSuccessStatusCode;
        }
        catch (Exception ex) when (ex is HttpRequestException or TaskCanceledException)
        {
            return false;
        }
    };

    public static Func<CancellationToken, Task<bool>> RespPing(string host, int port) => async ct =>
    {
        try
        {
            using var client = new TcpClient();
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(ct);
            timeout.CancelAfter(TimeSpan.FromSeconds(2));
            await client.ConnectAsync(host, port, timeout.Token);
            var stream = client.GetStream();
            await stream.WriteAsync("PING\r\n"u8.ToArray(), timeout.Token);
            var buffer = new byte[64];
            var read = await stream.ReadAsync(buffer, timeout.Token);
            return Encoding.ASCII.GetString(buffer, 0, read).StartsWith("+PONG", StringComparison.Ordinal);
        }
        catch (Exception ex) when (ex is SocketException or IOException or OperationCanceledException)
        {
            return false;
        }
    };
}
