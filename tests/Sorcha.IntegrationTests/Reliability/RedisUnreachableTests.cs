using System.Diagnostics;
using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Hosting;
using Sorcha.AppHost.Hosting;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.ServiceDefaults;
using StackExchange.Redis;

namespace Sorcha.IntegrationTests.Reliability;

/// <summary>
/// A process with the services' defaults whose Redis is not there (nothing listens on its port). It must start
/// anyway, and a request that needs Redis must be a fast 503 problem: the multiplexer refuses at once (fail-fast
/// backlog), it does not queue the command until its time limit. One in-process host; no platform needed.
/// </summary>
public sealed class RedisUnreachableTests
{
    // Far above the bound asserted below: a 503 within the bound comes from failing fast, not from this limit.
    private const int AsyncTimeoutMs = 30_000;
    private static readonly TimeSpan FastBound = TimeSpan.FromSeconds(3);

    [Fact]
    public async Task A_process_starts_without_Redis_and_answers_503_at_once()
    {
        var port = PortLeases.Lease();
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = Environments.Development });
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["ConnectionStrings:redis"] = $"127.0.0.1:{PortLeases.Lease()}",
            ["Limits:Redis:ConnectTimeoutMs"] = "1000",
            ["Limits:Redis:AsyncTimeoutMs"] = AsyncTimeoutMs.ToString(System.Globalization.CultureInfo.InvariantCulture),
        });
        builder.WebHost.UseUrls($"http://127.0.0.1:{port}");
        builder.AddServiceDefaults();
        await using var app = builder.Build();
        app.UseServiceDefaults();
        app.MapDefaultEndpoints();
        app.MapGet("/read", async (IConnectionMultiplexer redis) => (string?)await redis.GetDatabase().StringGetAsync("some-key"))
            .AllowAnonymous();
        await app.StartAsync();

        using var client = new HttpClient { BaseAddress = new Uri($"http://127.0.0.1:{port}"), Timeout = TimeSpan.FromSeconds(60) };
        for (var i = 0; i < 3; i++)
        {
            var watch = Stopwatch.StartNew();
            using var response = await client.GetAsync("/read");
            watch.Stop();
            await ProblemAssert.IsProblemAsync(response, HttpStatusCode.ServiceUnavailable);
            Assert.Equal("1", response.Headers.RetryAfter?.ToString());
            Assert.True(watch.Elapsed < FastBound, $"503 after {watch.Elapsed.TotalSeconds:F1} s");
        }

        var healthWatch = Stopwatch.StartNew();
        using var health = await client.GetAsync("/health");
        Assert.Equal(HttpStatusCode.ServiceUnavailable, health.StatusCode);
        Assert.Contains("\"redis\":\"Unhealthy\"", await health.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.True(healthWatch.Elapsed < FastBound, $"/health after {healthWatch.Elapsed.TotalSeconds:F1} s");
        await app.StopAsync();
    }
}
