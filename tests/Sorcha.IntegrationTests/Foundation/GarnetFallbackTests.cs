using System.Net;
using Sorcha.Client;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Foundation;

/// <summary>The platform on the last-resort Redis (<see cref="OperatorPlatformFixture"/>): what a machine with only the .NET SDK gets.</summary>
[Collection(OperatorScope.Name)]
public sealed class GarnetFallbackTests(OperatorPlatformFixture platform)
{
    [Fact]
    public async Task Platform_on_garnet_is_healthy_end_to_end()
    {
        Assert.Equal("garnet", platform.Redis.Provider);

        using var health = await platform.Gateway.GetAsync("/health");
        var body = await Json.ReadAsync<HealthReport>(health);
        Assert.Equal(HttpStatusCode.OK, health.StatusCode);
        Assert.Equal("Healthy", body.Services["redis"]);

        using var client = await platform.ClientAsync("carol");
        using var wallets = await client.GetAsync("/api/wallets");
        Assert.Equal(HttpStatusCode.OK, wallets.StatusCode);
    }
}
