using Microsoft.Extensions.Diagnostics.HealthChecks;
using Sorcha.AppHost.Hosting;

namespace Sorcha.AppHost.Tests;

/// <summary>One run of <see cref="PromptHealthCheck"/> keeps probing until the process answers or its patience ends.</summary>
public sealed class PromptHealthCheckTests
{
    private static readonly HealthCheckContext Context = new();

    [Fact]
    public async Task A_process_that_answers_on_the_fourth_probe_is_healthy_in_the_same_run()
    {
        var probes = 0;
        var check = new PromptHealthCheck(_ => Task.FromResult(++probes < 4 ? "connection refused" : null));

        var result = await check.CheckHealthAsync(Context);

        Assert.Equal(HealthStatus.Healthy, result.Status);
        Assert.Equal(4, probes);
    }

    [Fact]
    public async Task A_process_that_never_answers_is_unhealthy_with_the_last_reason_once_patience_ends()
    {
        var probes = 0;
        var check = new PromptHealthCheck(_ => Task.FromResult<string?>($"refused {++probes}"), startPatience: TimeSpan.FromMilliseconds(200));

        var result = await check.CheckHealthAsync(Context);

        Assert.Equal(HealthStatus.Unhealthy, result.Status);
        Assert.True(probes >= 2, $"{probes} probes");
        Assert.Equal($"refused {probes}", result.Description);
    }

    [Fact]
    public async Task Once_healthy_a_process_that_went_away_is_unhealthy_within_the_short_patience()
    {
        var up = true;
        var check = new PromptHealthCheck(_ => Task.FromResult(up ? null : "refused"), TimeSpan.FromMilliseconds(200), TimeSpan.FromMinutes(10));
        Assert.Equal(HealthStatus.Healthy, (await check.CheckHealthAsync(Context)).Status);

        up = false;
        var result = await check.CheckHealthAsync(Context); // with the start's patience this would take ten minutes

        Assert.Equal(HealthStatus.Unhealthy, result.Status);
    }
}
