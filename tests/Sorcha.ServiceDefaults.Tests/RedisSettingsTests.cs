using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using StackExchange.Redis;

namespace Sorcha.ServiceDefaults.Tests;

/// <summary>
/// The Redis connection's settings (RedisSetup): the Limits:Redis time limits reach the multiplexer over the connection
/// string's own, and a Redis outage is fast errors, never a wait.
/// </summary>
public sealed class RedisSettingsTests
{
    [Fact]
    public async Task The_Redis_limits_reach_the_multiplexer_over_the_connection_strings()
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = Environments.Development });
        builder.Configuration.AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["ConnectionStrings:redis"] = "127.0.0.1:1,connectTimeout=9000,asyncTimeout=9000",
            ["Limits:Redis:ConnectTimeoutMs"] = "1234",
            ["Limits:Redis:AsyncTimeoutMs"] = "2345",
        });
        builder.AddServiceDefaults();
        await using var app = builder.Build();

        var options = app.Services.GetRequiredService<IOptions<ConfigurationOptions>>().Value;

        Assert.Equal((1234, 2345), (options.ConnectTimeout, options.AsyncTimeout));
        Assert.Equal(BacklogPolicy.FailFast, options.BacklogPolicy);
        Assert.False(options.AbortOnConnectFail);
    }
}
