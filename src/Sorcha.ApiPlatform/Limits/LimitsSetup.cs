using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace Sorcha.ApiPlatform.Limits;

/// <summary>
/// The "Limits" section, bound here and read only through <see cref="IOptions{LimitsOptions}"/>; a limit that cannot
/// work stops the process at start (<see cref="LimitsValidation"/>). Here: Kestrel's limits and per-caller rate limits.
/// The outgoing calls' and Redis's time limits are applied by Sorcha.ServiceDefaults, which reads those keys itself
/// (Discovery/OutgoingCallOptions.cs, Redis/RedisTimeoutOptions.cs); they are validated here with the rest.
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
            .Configure<IOptions<LimitsOptions>>((kestrel, limits) => Apply(kestrel.Limits, limits.Value));
        builder.AddSorchaRateLimiting();
    }

    /// <summary>Kestrel's limits from Limits: the request body size and every connection limit (<see cref="ConnectionOptions"/>).</summary>
    private static void Apply(KestrelServerLimits kestrel, LimitsOptions limits)
    {
        var connections = limits.Connections;
        kestrel.MaxRequestBodySize = limits.MaxRequestBodyBytes;
        kestrel.MaxConcurrentConnections = connections.MaxConnections;
        kestrel.KeepAliveTimeout = TimeSpan.FromSeconds(connections.KeepAliveSeconds);
        kestrel.RequestHeadersTimeout = TimeSpan.FromSeconds(connections.RequestHeadersSeconds);
        kestrel.MinRequestBodyDataRate = new MinDataRate(connections.MinRequestBodyBytesPerSecond, Grace);
        kestrel.MinResponseDataRate = new MinDataRate(connections.MinResponseBytesPerSecond, Grace);
    }

    private static readonly TimeSpan Grace = TimeSpan.FromSeconds(5);

    /// <summary>The process's limits (for code that runs while the app is assembled, after the container is built).</summary>
    public static LimitsOptions Limits(this IServiceProvider services) => services.GetRequiredService<IOptions<LimitsOptions>>().Value;
}
