using System.Net;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Sorcha.AppHost.Hosting;
using Sorcha.ServiceDefaults.Discovery;
using Sorcha.Testing.InProcess;

namespace Sorcha.ServiceDefaults.Tests;

/// <summary>
/// Service-to-service calls as every process makes them (ServiceDefaults' discovery and resilience), against
/// <see cref="StubReplica"/>s in this process: no platform. Discovery reads the services:{name}:http:{i} keys the AppHost
/// writes; a refused connection moves any request on to the next replica; a request that reached a replica is only
/// sent again when it is safe to.
/// </summary>
public sealed class OutgoingCallsTests : IAsyncLifetime
{
    private readonly Uri _dead = new($"http://127.0.0.1:{PortLeases.Lease()}");
    private StubReplica _a = null!;
    private StubReplica _b = null!;
    private StubReplica _fragileA = null!;
    private StubReplica _fragileB = null!;
    private StubReplica _c = null!;
    private IHost _host = null!;

    public async Task InitializeAsync()
    {
        _a = await StubReplica.StartAsync("a");
        _b = await StubReplica.StartAsync("b");
        _fragileA = await StubReplica.StartAsync("fragile-a", fails: true);
        _fragileB = await StubReplica.StartAsync("fragile-b", fails: true);
        _c = await StubReplica.StartAsync("c");
        var builder = Host.CreateApplicationBuilder();
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["services:probe:http:0"] = _a.Address.ToString(),
            ["services:probe:http:1"] = _dead.ToString(),
            ["services:probe:http:2"] = _b.Address.ToString(),
            ["services:fragile:http:0"] = _fragileA.Address.ToString(),
            ["services:fragile:http:1"] = _fragileB.Address.ToString(),
            ["services:single:http:0"] = _c.Address.ToString(),
        });
        builder.AddSorchaOutgoingCalls();
        _host = builder.Build();
    }

    private HttpClient Client() => _host.Services.GetRequiredService<IHttpClientFactory>().CreateClient();

    [Fact]
    public async Task A_redirect_reaches_the_caller_as_the_answer_and_is_not_followed()
    {
        using var client = Client();
        using var response = await client.GetAsync("http://single/redirect");
        Assert.Equal(HttpStatusCode.Redirect, response.StatusCode);
        Assert.Equal(["GET /redirect "], _c.Received);
    }

    [Fact]
    public async Task Calls_by_name_reach_every_live_replica_and_a_POST_moves_past_a_refused_connection_once()
    {
        using var client = Client();
        for (var i = 0; i < 12; i++)
        {
            using var response = await client.PostAsync("http://probe/items", new StringContent($"post-{i}"));
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        }

        var received = _a.Received.Concat(_b.Received).ToList();
        Assert.All(Enumerable.Range(0, 12), i => Assert.Single(received, $"POST /items post-{i}"));
        Assert.NotEmpty(_a.Received);
        Assert.NotEmpty(_b.Received);
    }

    [Fact]
    public async Task A_POST_that_reached_a_replica_is_not_retried()
    {
        using var client = Client();
        var id = Guid.NewGuid().ToString("N");

        await Assert.ThrowsAsync<HttpRequestException>(() => client.PostAsync("http://fragile/sign", new StringContent(id)));
        Assert.Single(_fragileA.Received.Concat(_fragileB.Received), r => r.EndsWith(id, StringComparison.Ordinal));
    }

    [Fact]
    public async Task A_GET_that_reached_a_replica_is_retried_on_the_next_one()
    {
        using var client = Client();
        var path = "/items/" + Guid.NewGuid().ToString("N");

        await Assert.ThrowsAsync<HttpRequestException>(() => client.GetAsync("http://fragile" + path));
        Assert.Contains($"GET {path} ", _fragileA.Received);
        Assert.Contains($"GET {path} ", _fragileB.Received);
    }

    public async Task DisposeAsync()
    {
        _host.Dispose();
        foreach (var stub in new[] { _a, _b, _fragileA, _fragileB, _c })
        {
            await stub.DisposeAsync();
        }
    }
}
