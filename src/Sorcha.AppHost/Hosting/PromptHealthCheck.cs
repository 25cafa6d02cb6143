using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace Sorcha.AppHost.Hosting;

/// <summary>
/// A resource health check that notices readiness within 50 ms. Aspire re-runs a failing check after 1, 2, 3, 4 and then
/// 5 s, so a process that comes up just after a check is seen seconds later, and every WaitFor in the chain (Redis →
/// services → gateway) adds that delay again. This check instead retries its probe every 50 ms for up to 3 s per run.
/// </summary>
internal sealed class PromptHealthCheck(Func<CancellationToken, Task<string?>> probe, TimeSpan? patience = null) : IHealthCheck
{
    private static readonly TimeSpan Step = TimeSpan.FromMilliseconds(50);
    private readonly TimeSpan _patience = patience ?? TimeSpan.FromSeconds(3);

    public async Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default)
    {
        var started = TimeProvider.System.GetTimestamp();
        while (true)
        {
            if (await probe(cancellationToken) is not { } failure)
            {
                return HealthCheckResult.Healthy();
            }

            if (TimeProvider.System.GetElapsedTime(started) >= _patience)
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
        resource.ApplicationBuilder.Services.AddHealthChecks().Add(new HealthCheckRegistration(key,
            _ => new PromptHealthCheck(probe), HealthStatus.Unhealthy, tags: null));
        return resource.WithHealthCheck(key);
    }
}
