using System.Globalization;
using System.Threading.RateLimiting;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.RateLimiting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ServiceDefaults.Health;

namespace Sorcha.ApiPlatform.Limits;

/// <summary>
/// One token bucket per caller (the token's subject; the client's IP address when anonymous), over every route but
/// the health probes. Over the limit → 429 problem document with Retry-After. Runs after authentication so the
/// subject is known, and before authorization so that anonymous floods (bad tokens included) are limited too.
/// </summary>
public static class RateLimiting
{
    internal static void AddSorchaRateLimiting(this IHostApplicationBuilder builder)
    {
        builder.Services.AddRateLimiter(_ => { });
        builder.Services.AddOptions<RateLimiterOptions>().Configure<IOptions<LimitsOptions>>((o, limits) =>
        {
            var options = limits.Value.RateLimit;
            var (period, tokens) = Replenishment(options.PermitsPerSecond);
            o.RejectionStatusCode = StatusCodes.Status429TooManyRequests;
            o.GlobalLimiter = PartitionedRateLimiter.Create<HttpContext, string>(context => HealthSetup.IsProbe(context.Request.Path)
                ? RateLimitPartition.GetNoLimiter("probes")
                : RateLimitPartition.GetTokenBucketLimiter(CallerKey(context), _ => new TokenBucketRateLimiterOptions
                {
                    TokenLimit = Math.Max(1, options.Burst),
                    TokensPerPeriod = tokens,
                    ReplenishmentPeriod = period,
                    QueueLimit = 0,
                    AutoReplenishment = false, // the partitioned limiter's own 100 ms timer refills every bucket
                }));
            o.OnRejected = (rejected, ct) => RejectAsync(rejected, options, ct);
        });
    }

    /// <summary>Between UseAuthentication and UseAuthorization; nothing when rate limiting is off.</summary>
    public static void UseSorchaRateLimiting(this WebApplication app)
    {
        if (app.Services.Limits().RateLimit.Enabled)
        {
            app.UseRateLimiter();
        }
    }

    /// <summary>The partition: "sub:&lt;subject&gt;" for an authenticated caller, otherwise "ip:&lt;address&gt;".</summary>
    public static string CallerKey(HttpContext context) =>
        context.User.Identity?.IsAuthenticated == true && context.User.TryCallerId() is { } subject
            ? "sub:" + subject
            : "ip:" + (context.Connection.RemoteIpAddress?.ToString() ?? "unknown");

    // Refill at least every 100 ms (the partitioned limiter's tick) so that the rate is smooth, not a once-a-second burst.
    private static (TimeSpan Period, int Tokens) Replenishment(int permitsPerSecond) => permitsPerSecond >= 10
        ? (TimeSpan.FromMilliseconds(100), (permitsPerSecond + 9) / 10)
        : (TimeSpan.FromSeconds(1.0 / Math.Max(1, permitsPerSecond)), 1);

    private static async ValueTask RejectAsync(OnRejectedContext rejected, RateLimitOptions options, CancellationToken ct)
    {
        var context = rejected.HttpContext;
        LimitsTelemetry.RateLimit();
        var retryAfter = rejected.Lease.TryGetMetadata(MetadataName.RetryAfter, out var wait) ? wait : TimeSpan.FromSeconds(1);
        var seconds = Math.Max(1, (int)Math.Ceiling(retryAfter.TotalSeconds));
        context.Response.StatusCode = StatusCodes.Status429TooManyRequests;
        context.Response.Headers.RetryAfter = seconds.ToString(CultureInfo.InvariantCulture);
        var problems = context.RequestServices.GetRequiredService<IProblemDetailsService>();
        await problems.WriteAsync(new ProblemDetailsContext
        {
            HttpContext = context,
            ProblemDetails = new ProblemDetails
            {
                Status = StatusCodes.Status429TooManyRequests,
                Title = "Too many requests",
                Detail = $"More than {options.PermitsPerSecond} requests/s (bursts of {options.Burst}) from one caller; retry after {seconds} s.",
            },
        });
    }
}
