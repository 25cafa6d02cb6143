using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ServiceDefaults;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>
/// A service's start as its Program.cs runs it (AddSorchaApiPlatform, Build, UseSorchaApiPlatform,
/// MapSorchaApiPlatformEndpoints, Start), in process, without Redis: a limit that cannot work stops it with each bad
/// key named; the defaults start.
/// </summary>
public sealed class ServiceStartTests
{
    private static WebApplicationBuilder Builder(Dictionary<string, string?> settings)
    {
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = Environments.Development });
        builder.Configuration.AddInMemoryCollection(settings);
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.AddSorchaApiPlatform();
        return builder;
    }

    /// <summary>A service's start as its Program.cs runs it, with <paramref name="settings"/> (also for <see cref="ConnectionLimitsTests"/>).</summary>
    internal static async Task<WebApplication> StartAsync(Dictionary<string, string?> settings)
    {
        var app = Builder(settings).Build();
        app.UseSorchaApiPlatform();
        app.MapSorchaApiPlatformEndpoints();
        await app.StartAsync();
        return app;
    }

    [Fact]
    public async Task A_limit_that_cannot_work_stops_the_service_at_start_naming_each_bad_key()
    {
        var e = await Assert.ThrowsAsync<OptionsValidationException>(() => StartAsync(new()
        {
            ["Limits:RateLimit:PermitsPerSecond"] = "0",
            ["Limits:Timeouts:OutgoingSeconds"] = "-1",
            ["Limits:Health:CacheSeconds"] = "-2",
        }));

        Assert.Contains("Limits:RateLimit:PermitsPerSecond must be at least 1; it is 0.", e.Message, StringComparison.Ordinal);
        Assert.Contains("Limits:Timeouts:OutgoingSeconds must be more than 0; it is -1.", e.Message, StringComparison.Ordinal);
        Assert.Contains("Limits:Health:CacheSeconds must be at least 0; it is -2.", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_default_limits_start_and_configured_ones_are_read_through_options()
    {
        await using var app = await StartAsync(new() { ["Limits:Verify:Concurrent"] = "3" });

        Assert.Equal(256 * 1024, app.Services.Limits().MaxRequestBodyBytes);
        Assert.Equal(3, app.Services.Limits().Verify.Concurrent);
        await app.StopAsync();
    }

    [Fact]
    public async Task Platform_endpoints_mapped_without_the_platform_middleware_are_refused()
    {
        await using var app = Builder([]).Build();
        // The service defaults' middleware alone is not enough: the endpoints would answer without auth or limits.
        app.UseServiceDefaults();

        var e = Assert.Throws<InvalidOperationException>(() => app.MapSorchaApiPlatformEndpoints());

        Assert.Contains("UseSorchaApiPlatform", e.Message, StringComparison.Ordinal);
    }
}
