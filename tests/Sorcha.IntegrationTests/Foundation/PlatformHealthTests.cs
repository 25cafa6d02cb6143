using System.Net;
using Sorcha.AppHost;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Foundation;

[Collection(PlatformScope.Name)]
public sealed class PlatformHealthTests(PlatformFixture platform)
{
    [Fact]
    public async Task Every_resource_is_running_and_answers_its_own_health_probe()
    {
        // Every service's replicas and the web app's, Redis and the gateway.
        Assert.Equal((platform.Services.Count + 1) * platform.Options.Replicas + 2, platform.App.Resources.Count);
        foreach (var resource in platform.App.Resources)
        {
            Assert.True(resource.IsHealthy, $"{resource.Name} is {resource.State}, not healthy");
            Assert.True(resource.Process is { HasExited: false }, $"{resource.Name} has no running process");
            if (resource.Url is { } url)
            {
                using var probe = new HttpClient();
                Assert.Equal(HttpStatusCode.OK, (await probe.GetAsync(new Uri(url, "/health"))).StatusCode);
            }
        }
    }

    [Fact]
    public async Task Gateway_health_lists_every_service_and_redis_as_healthy()
    {
        var (status, body) = await GatewayHealth.WaitForAsync(platform.Gateway, "Healthy");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("Healthy", body.Status);
        foreach (var name in platform.Services.Append("redis"))
        {
            Assert.Equal("Healthy", body.Services[name]);
        }
    }

    [Fact]
    public async Task Alive_answers_without_a_token()
    {
        using var response = await platform.Gateway.GetAsync("/alive");
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
    }

    [Fact]
    public async Task Gateway_health_turns_unhealthy_when_a_service_is_down_and_recovers()
    {
        // Every replica: with one left the gateway would route around the others and call the service Degraded.
        await Task.WhenAll(platform.ReplicasOf("register").Select(r => platform.App.StopResourceAsync(r)));
        try
        {
            var (status, body) = await GatewayHealth.WaitForAsync(platform.Gateway, "Unhealthy");
            Assert.Equal(HttpStatusCode.ServiceUnavailable, status);
            Assert.Equal("Unhealthy", body.Services["register"]);
            Assert.Equal("Healthy", body.Services["wallet"]);
        }
        finally
        {
            await Task.WhenAll(platform.ReplicasOf("register").Select(r => platform.App.StartResourceAsync(r)));
        }

        Assert.Equal(HttpStatusCode.OK, (await GatewayHealth.WaitForAsync(platform.Gateway, "Healthy")).Status);
    }
}
