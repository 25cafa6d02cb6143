using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text.Json;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using StackExchange.Redis;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>
/// A process set up as a service is (AddSorchaApiPlatform) whose Redis is not there (nothing listens on its port). It
/// must start anyway, and a request that needs Redis must be a fast 503 problem: the multiplexer refuses at once
/// (fail-fast backlog), it does not queue the command until its time limit. One in-process host; no Redis, no platform.
/// </summary>
public sealed class RedisUnreachableTests
{
    // Far above the bound asserted below: a 503 within the bound comes from failing fast, not from this limit.
    private const int AsyncTimeoutMs = 30_000;
    private static readonly TimeSpan FastBound = TimeSpan.FromSeconds(3);

    [Fact]
    public async Task A_process_starts_without_Redis_and_answers_503_at_once()
    {
        // Bound and never listening: the port stays this test's, and a connection to it is refused.
        using var nobody = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        nobody.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = Environments.Development });
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["ConnectionStrings:redis"] = $"127.0.0.1:{((IPEndPoint)nobody.LocalEndPoint!).Port}",
            ["Limits:Redis:ConnectTimeoutMs"] = "1000",
            ["Limits:Redis:AsyncTimeoutMs"] = AsyncTimeoutMs.ToString(System.Globalization.CultureInfo.InvariantCulture),
        });
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.AddSorchaApiPlatform();
        await using var app = builder.Build();
        app.UseSorchaApiPlatform();
        app.MapSorchaApiPlatformEndpoints();
        app.MapGet("/read", async (IConnectionMultiplexer redis) => (string?)await redis.GetDatabase().StringGetAsync("some-key"))
            .AllowAnonymous();
        await app.StartAsync();

        var address = app.Services.GetRequiredService<Microsoft.AspNetCore.Hosting.Server.IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        using var client = new HttpClient { BaseAddress = new Uri(address), Timeout = TimeSpan.FromSeconds(60) };
        for (var i = 0; i < 3; i++)
        {
            var watch = Stopwatch.StartNew();
            using var response = await client.GetAsync("/read");
            watch.Stop();
            await AssertProblemAsync(response, HttpStatusCode.ServiceUnavailable);
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

    /// <summary>The status, and an RFC 9457 problem document carrying it (as Sorcha.Testing's ProblemAssert checks).</summary>
    private static async Task AssertProblemAsync(HttpResponseMessage response, HttpStatusCode status)
    {
        var text = await response.Content.ReadAsStringAsync();
        Assert.True(status == response.StatusCode, $"expected {(int)status}, got {(int)response.StatusCode}: {text}");
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        using var problem = JsonDocument.Parse(text);
        Assert.Equal((int)status, problem.RootElement.GetProperty("status").GetInt32());
    }
}
