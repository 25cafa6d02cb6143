using System.Net.Sockets;
using System.Text;
using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace Sorcha.AppHost.Redis;

/// <summary>Healthy when the RESP server on the loopback port answers PING with +PONG (Redis and Garnet alike).</summary>
internal sealed class RespPingCheck(int port) : IHealthCheck
{
    public async Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
    {
        try
        {
            using var client = new TcpClient();
            await client.ConnectAsync("127.0.0.1", port, cancellationToken);
            var stream = client.GetStream();
            await stream.WriteAsync("PING\r\n"u8.ToArray(), cancellationToken);
            var buffer = new byte[64];
            var read = await stream.ReadAsync(buffer, cancellationToken);
            var answer = Encoding.ASCII.GetString(buffer, 0, read);
            return answer.StartsWith("+PONG", StringComparison.Ordinal) ? HealthCheckResult.Healthy() : HealthCheckResult.Unhealthy(answer.Trim());
        }
        catch (Exception e) when (e is SocketException or IOException)
        {
            return HealthCheckResult.Unhealthy(e.Message);
        }
    }
}
