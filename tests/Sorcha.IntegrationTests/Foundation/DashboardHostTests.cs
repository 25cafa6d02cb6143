using System.Net;
using Microsoft.AspNetCore.Builder;
using Sorcha.AppHost.Dashboard;
using Sorcha.AppHost.Redis;
using Sorcha.Hosting;

namespace Sorcha.IntegrationTests.Foundation;

/// <summary>
/// The status page answers only loopback names with its own port: a page on another site that got its name to resolve
/// to 127.0.0.1 (DNS rebinding) reaches the port through a browser, but names itself in Host.
/// </summary>
public sealed class DashboardHostTests : IAsyncLifetime
{
    private readonly int _port = Ports.Free();
    private WebApplication _dashboard = null!;

    public async Task InitializeAsync()
    {
        var redis = new RedisChoice("external", "127.0.0.1:1", new ResourceSpec(RedisSelector.ResourceName, "", [])
        {
            Managed = false,
            Readiness = _ => Task.FromResult(true),
        }, "test");
        _dashboard = DashboardHost.Create(WebApplication.CreateBuilder(), new Orchestrator([redis.Resource]), redis, _port);
        await _dashboard.StartAsync();
    }

    [Theory]
    [InlineData("localhost:{0}")]
    [InlineData("127.0.0.1:{0}")]
    [InlineData("[::1]:{0}")]
    [InlineData("LocalHost:{0}")]
    public async Task A_loopback_name_with_the_port_is_served(string host) =>
        Assert.All(await StatusesAsync(host), s => Assert.Equal(HttpStatusCode.OK, s));

    [Theory]
    [InlineData("evil.example:{0}")]
    [InlineData("127.0.0.1.nip.io:{0}")]
    [InlineData("localhost")]
    [InlineData("localhost:1")]
    [InlineData("0.0.0.0:{0}")]
    public async Task Any_other_host_is_refused(string host) =>
        Assert.All(await StatusesAsync(host), s => Assert.Equal(HttpStatusCode.BadRequest, s));

    /// <summary>What each of the page's routes answers to a request naming <paramref name="host"/> ({0}: the port).</summary>
    private async Task<List<HttpStatusCode>> StatusesAsync(string host)
    {
        using var client = new HttpClient();
        var statuses = new List<HttpStatusCode>();
        foreach (var path in new[] { "/", "/api/resources", "/logs/redis" })
        {
            using var request = new HttpRequestMessage(HttpMethod.Get, $"http://127.0.0.1:{_port}{path}");
            request.Headers.Host = string.Format(System.Globalization.CultureInfo.InvariantCulture, host, _port);
            using var response = await client.SendAsync(request);
            statuses.Add(response.StatusCode);
        }

        return statuses;
    }

    public async Task DisposeAsync() => await _dashboard.DisposeAsync();
}
