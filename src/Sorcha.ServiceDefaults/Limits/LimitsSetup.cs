using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Sorcha.ServiceDefaults.Limits;

/// <summary>Request body size, per-caller rate and outgoing-call time limits, from the "Limits" section.</summary>
public static class LimitsSetup
{
    public static LimitsOptions Limits(this IConfiguration configuration) =>
        configuration.GetSection(LimitsOptions.Section).Get<LimitsOptions>() ?? new LimitsOptions();

    internal static void AddSorchaLimits(this IHostApplicationBuilder builder)
    {
        var limits = builder.Configuration.Limits();
        builder.Services.Configure<LimitsOptions>(builder.Configuration.GetSection(LimitsOptions.Section));
        builder.Services.Configure<KestrelServerOptions>(o => o.Limits.MaxRequestBodySize = limits.MaxRequestBodyBytes);
        builder.Services.AddExceptionHandler<TimeoutExceptionHandler>();
        builder.AddSorchaRateLimiting(limits.RateLimit);

        // Every HttpClient from the factory gets the configured timeout unless its own setup says otherwise.
        var outgoing = TimeSpan.FromSeconds(limits.Timeouts.OutgoingSeconds);
        builder.Services.ConfigureHttpClientDefaults(http => http.ConfigureHttpClient(c => c.Timeout = outgoing));
    }
}
