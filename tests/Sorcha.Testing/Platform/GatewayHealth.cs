using System.Net;
using Sorcha.Client;

namespace Sorcha.Testing.Platform;

/// <summary>
/// The gateway's /health once it says <c>expected</c> (or after 5 s, whatever it says then): it reuses an answer for
/// up to Limits:Health:CacheSeconds (1 s), so a service stopped or started just before shows a moment later.
/// </summary>
public static class GatewayHealth
{
    public static async Task<(HttpStatusCode Status, HealthReport Body)> WaitForAsync(HttpClient gateway, string expected)
    {
        var deadline = DateTime.UtcNow.AddSeconds(5);
        while (true)
        {
            using var response = await gateway.GetAsync("/health");
            var body = await Json.ReadAsync<HealthReport>(response);
            if (body.Status == expected || DateTime.UtcNow > deadline)
            {
                return (response.StatusCode, body);
            }

            await Task.Delay(200);
        }
    }
}
