using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace Sorcha.AppHost.Hosting;

/// <summary>
/// A resource health check that notices readiness within 50 ms. Aspire re-runs a failing check after 1, 2, 3, 4 and then
/// 5 s, so a process that comes up just after a check is seen seconds later, and every WaitFor in the chain (Redis →
/// services → gateway) adds that delay again. This check instead retries its probe every 50 ms within one run: until
/// the resource was first healthy for up to <see cref="StartPatience"/> (a start on a slow or busy machine takes seconds,
/// and a run that gave up at 3 s cost a 1 s pause before the next), after that for up to <see cref="Patience"/>, so a
/// process that went away shows as unhealthy within seconds.
/// </summary>
internal sealed class PromptHealthCheck(Func<CancellationToken, Task<string?>> probe, TimeSpan? patience = null, TimeSpan? startPatience = null)
    : IHealthCheck
{
    public static readonly TimeSpan Patience = TimeSpan.FromSeconds(3);
    public static readonly TimeSpan StartPatience = TimeSpan.FromSeconds(60);
    private static readonly TimeSpan Step = TimeSpan.FromMilliseconds(50);
    private volatile bool _wasHealthy;

    public async Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
    {
        var started = TimeProvider.System.GetTimestamp();
        var budget = _wasHealthy ? patience ?? Patience : startPatience ?? StartPatience;
        while (true)
        {
            if (await probe(cancellationToken) is not { } failure)
            {
                _wasHealthy = true;
                return HealthCheckResult.Healthy();
            }

            if (TimeProvider.System.GetElapsedTime(started) >= budget)
            {
                return HealthCheckResult.Unhealthy(failure);
            }

            await Task.Delay(Step, cancellationToken);
        }
    }
}

internal static class PromptHealthCheckExtensions
{
    /// <summary>The resource is healthy while <paramref name="probe"/> answers null (see <see cref="PromptHealthCheck"/>).</summary>
    public static IResourceBuilder<T> WithPromptHealthCheck<T>(this IResourceBuilder<T> resource,
        Func<CancellationToken, Task<string?>> probe) where T : IResource
    {
        var key = $"{resource.Resource.Name}-ready";
        // One instance for the resource's life: it remembers whether the resource was ever healthy.
        resource.ApplicationBuilder.Services.AddHealthChecks().Add(new HealthCheckRegistration(key,
            new PromptHealthCheck(probe), HealthStatus.Unhealthy, tags: null));
        return resource.WithHealthCheck(key);
    }
}
