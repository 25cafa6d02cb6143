using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Sorcha.ServiceDefaults.Limits;

/// <summary>Request body size and per-caller rate limits, from the "Limits" section (outgoing calls: Discovery/OutgoingCalls.cs).</summary>
public static class LimitsSetup
{
    public static LimitsOptions Limits(this IConfiguration configuration) =>
        configuration.GetSection(LimitsOptions.Section).Get<LimitsOptions>() ?? new LimitsOptions();

    internal static void AddSorchaLimits(this IHostApplicationBuilder builder)
    {
        var limits = builder.Configuration.Limits();
        builder.Services.Configure<LimitsOptions>(builder.Configuration.GetSection(LimitsOptions.Section));
        builder.Services.Configure<KestrelServerOptions>(o => o.Limits.MaxRequestBodySize = limits.MaxRequestBodyBytes);
        builder.AddSorchaRateLimiting(limits.RateLimit);
    }
}
