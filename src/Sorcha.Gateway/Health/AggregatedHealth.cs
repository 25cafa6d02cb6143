using Microsoft.Extensions.Diagnostics.HealthChecks;
using Sorcha.ApiPlatform.Limits;
using Sorcha.Gateway.Proxy;
using Sorcha.ServiceDefaults.Health;
using Yarp.ReverseProxy;

namespace Sorcha.Gateway.Health;

/// <summary>
/// GET /health: every service's own readiness (over all its replicas) plus Redis, in api.md's shape; 503 when any is
/// Unhealthy, 200 when all are Healthy or some service only Degraded (a replica down, another serving). Anonymous, so
/// the probes behind it are shared and their answer reused for Limits:Health:CacheSeconds (<see cref="SharedProbe{T}"/>).
/// </summary>
public static class AggregatedHealth
{
    public static void AddAggregatedHealth(this WebApplicationBuilder builder)
    {
        // One attempt per probe: a replica that does not answer in time is reported, not retried. (RemoveAllResilienceHandlers
        // is marked for evaluation; it only takes back what ServiceDefaults added to every client.)
#pragma warning disable EXTEXP0001
        builder.Services.AddHttpClient("health", (sp, c) => c.Timeout = TimeSpan.FromSeconds(sp.Limits().Timeouts.HealthProbeSeconds))
            .RemoveAllResilienceHandlers();
#pragma warning restore EXTEXP0001
        builder.Services.AddSingleton(sp => new SharedProbe<PlatformHealth>(
            () => ProbeAllAsync(sp.GetRequiredService<IHttpClientFactory>(), ProxySetup.Services(sp),
                sp.GetRequiredService<IProxyStateLookup>(), sp.GetRequiredService<HealthCheckService>()),
            TimeSpan.FromSeconds(sp.Limits().Health.CacheSeconds), TimeProvider.System));
    }

    public static void MapAggregatedHealth(this WebApplication app)
    {
        app.MapGet("/health", GetHealthAsync).AllowAnonymous().WithName("GetHealth").WithTags("Health")
            .WithSummary("Every service and Redis at once: 200 while the platform serves, 503 when any part is unhealthy.")
            .Produces<PlatformHealth>().Produces<PlatformHealth>(StatusCodes.Status503ServiceUnavailable);
        app.MapAliveEndpoint();
    }

    private static async Task<IResult> GetHealthAsync(SharedProbe<PlatformHealth> health, CancellationToken ct)
    {
        var answer = await health.GetAsync(ct);
        return TypedResults.Json(answer, statusCode: answer.Status == nameof(HealthStatus.Unhealthy) ? 503 : 200);
    }

    /// <summary>Every service (each of the gateway's clusters) and Redis at once; each probe is bounded by the "health" client's timeout.</summary>
    private static async Task<PlatformHealth> ProbeAllAsync(IHttpClientFactory clients, IReadOnlyList<string> names,
        IProxyStateLookup proxy, HealthCheckService localChecks)
    {
        var client = clients.CreateClient("health");
        var probes = names.Select(async s => (s, await ProbeAsync(client, proxy, s))).ToList();
        var local = await localChecks.CheckHealthAsync(r => r.Name == "redis");
        var services = (await Task.WhenAll(probes)).ToDictionary(p => p.s, p => p.Item2);
        services["redis"] = local.Entries.TryGetValue("redis", out var redis) ? redis.Status.ToString() : "Unhealthy";

        // Degraded (some replicas down, the others serve) still answers 200: the gateway routes around the missing ones.
        var status = services.ContainsValue(nameof(HealthStatus.Unhealthy)) ? HealthStatus.Unhealthy
            : services.ContainsValue(nameof(HealthStatus.Degraded)) ? HealthStatus.Degraded
            : HealthStatus.Healthy;
        return new PlatformHealth(status.ToString(), services);
    }

    /// <summary>
    /// Healthy when every replica is, Degraded when only some are, Unhealthy when none is (or none is known). The replicas
    /// are the cluster's destinations, the addresses YARP forwards to.
    /// </summary>
    private static async Task<string> ProbeAsync(HttpClient client, IProxyStateLookup proxy, string service)
    {
        var replicas = proxy.TryGetCluster(service, out var cluster)
            ? cluster.Destinations.Values.Select(d => new Uri(d.Model.Config.Address)).ToList()
            : [];
        var healthy = (await Task.WhenAll(replicas.Select(r => ProbeReplicaAsync(client, r)))).Count(h => h);
        return healthy == 0 ? nameof(HealthStatus.Unhealthy)
            : healthy < replicas.Count ? nameof(HealthStatus.Degraded)
            : nameof(HealthStatus.Healthy);
    }

    private static async Task<bool> ProbeReplicaAsync(HttpClient client, Uri baseUri)
    {
        try
        {
            using var response = await client.GetAsync(new Uri(baseUri, "/health"));
            return response.IsSuccessStatusCode;
        }
        catch (Exception ex) when (ex is HttpRequestException or TaskCanceledException)
        {
            return false;
        }
    }
}
