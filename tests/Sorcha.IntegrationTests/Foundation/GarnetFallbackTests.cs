using System.Net;
using System.Text.Json;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Foundation;

/// <summary>The same platform on the last-resort Redis: what a machine with only the .NET SDK gets.</summary>
public sealed class GarnetPlatformFixture : PlatformFixture
{
    protected override string? RedisProvider => "garnet";
}

public sealed class GarnetFallbackTests(GarnetPlatformFixture platform) : IClassFixture<GarnetPlatformFixture>
{
    [Fact]
    public async Task Platform_on_garnet_is_healthy_end_to_end()
    {
        Assert.Equal("garnet", platform.Redis.Provider);

        using var health = await platform.Gateway.GetAsync("/health");
        var body = JsonDocument.Parse(await health.Content.ReadAsStringAsync()).RootElement;
        Assert.Equal(HttpStatusCode.OK, health.StatusCode);
        Assert.Equal("Healthy", body.GetProperty("services").GetProperty("redis").GetString());

        using var client = await platform.ClientAsync("carol");
        using var wallets = await client.GetAsync("/api/wallets");
        Assert.Equal(HttpStatusCode.OK, wallets.StatusCode);
    }
}
