using Microsoft.Extensions.Configuration;

namespace Sorcha.AppHost.Tests;

/// <summary>The gateway's test hook (SORCHA_TEST_SLOWDOWN) reaches the services in Development only.</summary>
public sealed class TestHookTests
{
    private const string Hook = "SORCHA_TEST_SLOWDOWN";

    [Theory]
    [InlineData("Development", true)]
    [InlineData("Staging", false)]
    [InlineData("Production", false)]
    public void The_slowdown_is_passed_on_in_Development_only(string environment, bool passed)
    {
        // The only test that sets this variable: the AppHost reads it from its process environment.
        Environment.SetEnvironmentVariable(Hook, "GET /alive=0.1");
        try
        {
            var configuration = new ConfigurationBuilder().AddInMemoryCollection([new("environment", environment)]).Build();
            var forwarded = AppHostConfiguration.ServiceEnvironment(configuration);
            Assert.Equal(passed, forwarded.ContainsKey(Hook));
        }
        finally
        {
            Environment.SetEnvironmentVariable(Hook, null);
        }
    }
}
