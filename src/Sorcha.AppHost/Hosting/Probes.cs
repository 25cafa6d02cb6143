using System.Net.Sockets;
using System.Text;

namespace Sorcha.AppHost.Hosting;

/// <summary>
/// How the AppHost, and the tests, tell that a process answers: Redis (or Garnet) answers PING with +PONG, a service
/// answers GET /health with 2xx. Each returns null when it answered, and otherwise why not.
/// </summary>
public static class Probes
{
    private static readonly HttpClient Http = new(new SocketsHttpHandler { ConnectTimeout = TimeSpan.FromSeconds(1) })
    {
        Timeout = TimeSpan.FromSeconds(2),
    };

    public static async Task<string?> RespPingAsync(int port, CancellationToken cancellationToken = default)
    {
        try
        {
            using var client = new TcpClient();
            await client.ConnectAsync("127.0.0.1", port, cancellationToken);
            var stream = client.GetStream();
            await stream.WriteAsync("PING\r\n"u8.ToArray(), cancellationToken);
            var buffer = new byte[64];
            var answer = Encoding.ASCII.GetString(buffer, 0, await stream.ReadAsync(buffer, cancellationToken));
            return answer.StartsWith("+PONG", StringComparison.Ordinal) ? null : $"PING answered {answer.Trim()}";
        }
        catch (Exception e) when (e is SocketException or IOException)
        {
            return e.Message;
        }
    }

    public static async Task<string?> HttpHealthAsync(Uri baseUrl, CancellationToken cancellationToken = default)
    {
        try
        {
            using var response = await Http.GetAsync(new Uri(baseUrl, "/health"), cancellationToken);
            return response.IsSuccessStatusCode ? null : $"/health answered {(int)response.StatusCode}";
        }
        catch (Exception e) when (e is HttpRequestException || (e is TaskCanceledException && !cancellationToken.IsCancellationRequested))
        {
            return e.Message;
        }
    }
}
