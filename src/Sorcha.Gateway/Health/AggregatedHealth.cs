using Microsoft.Extensions.Diagnostics.HealthChecks;
using Sorcha.Gateway.Proxy;
using Sorcha.ServiceDefaults.Health;
using Sorcha.ServiceDefaults.Discovery;

namespace Sorcha.Gateway.Health;

/// <summary>GET /health: every service's own readiness plus Redis, in api.md's shape; 503 when any is not Healthy.</summary>
public static class AggregatedHealth
{
    private static readonly TimeSpan ProbeTimeout = TimeSpan.FromSeconds(3);

    public static void AddAggregatedHealth(this WebApplicationBuilder builder) =>
        builder.Services.AddHttpClient("health", c => c.Timeout = ProbeTimeout);

    public static void MapAggregatedHealth(this WebApplication app)
    {
        app.MapGet("/health", GetHealthAsync).AllowAnonymous();
        app.MapAliveEndpoint();
    }

    private static async Task<IResult> GetHealthAsync(
        IHttpClientFactory clients, IConfiguration configuration, HealthCheckService localChecks, CancellationToken ct)
    {
        var client = clients.CreateClient("health");
        var probes = ProxyRoutes.Services.Select(async s => (s, await ProbeAsync(client, configuration, s, ct))).ToList();
        var local = await localChecks.CheckHealthAsync(r => r.Name == "redis", ct);
        var services = (await Task.WhenAll(probes)).ToDictionary(p => p.s, p => p.Item2);
        services["redis"] = local.Entries.TryGetValue("redis", out var redis) ? redis.Status.ToString() : "Unhealthy";

        var healthy = services.Values.All(v => v == nameof(HealthStatus.Healthy));
        var body = new { status = healthy ? "Healthy" : "Unhealthy", services };
        return TypedResults.Json(body, statusCode: healthy ? 200 : 503);
    }

    private static async Task<string> ProbeAsync(HttpClient client, IConfiguration configuration, string service, CancellationToken ct)
    {
        var baseUri = ServiceDiscovery.TryResolve(configuration, service);
        if (baseUri is null)
        {
            return "Unhealthy";
        }

        try
        {
            using var response = await client.GetAsync(new Uri(baseUri, "/health"), ct);
            return response.IsSuccessStatusCode ? "Healthy" : "Unhealthy";
        }
        catch (Exception ex) when (ex is HttpRequestException or TaskCanceledException)
        {
            return "Unhealthy";
        }
    }
}
