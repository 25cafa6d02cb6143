using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace Sorcha.ServiceDefaults.Limits;

/// <summary>
/// The "Limits" section, bound once and read only through <see cref="IOptions{LimitsOptions}"/>; a limit that cannot
/// work stops the process at start (<see cref="LimitsValidation"/>). Here: request body size and per-caller rate limits
/// (outgoing calls: Discovery/OutgoingCalls.cs; Redis: Redis/RedisSetup.cs).
/// </summary>
public static class LimitsSetup
{
    internal static void AddSorchaLimits(this IHostApplicationBuilder builder)
    {
        builder.Services.AddOptions<LimitsOptions>()
            .Bind(builder.Configuration.GetSection(LimitsOptions.Section))
            .ValidateOnStart();
        builder.Services.AddSingleton<IValidateOptions<LimitsOptions>, LimitsValidation>();
        builder.Services.AddOptions<KestrelServerOptions>()
            .Configure<IOptions<LimitsOptions>>((kestrel, limits) => kestrel.Limits.MaxRequestBodySize = limits.Value.MaxRequestBodyBytes);
        builder.AddSorchaRateLimiting();
    }

    /// <summary>The process's limits (for code that runs while the app is assembled, after the container is built).</summary>
    public static LimitsOptions Limits(this IServiceProvider services) => services.GetRequiredService<IOptions<LimitsOptions>>().Value;
}
