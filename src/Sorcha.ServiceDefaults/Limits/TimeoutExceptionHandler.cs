using Microsoft.AspNetCore.Diagnostics;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Logging;
using StackExchange.Redis;

namespace Sorcha.ServiceDefaults.Limits;

/// <summary>
/// An outgoing call that ran out of time, a Redis command past its AsyncTimeout, or a Redis connection that is down
/// (the multiplexer fails fast, see RedisSetup) is not the client's fault and not a bug: 503 with Retry-After, so that
/// the caller retries instead of hanging or seeing a 500.
/// </summary>
internal sealed class TimeoutExceptionHandler(IProblemDetailsService problems, ILogger<TimeoutExceptionHandler> logger) : IExceptionHandler
{
    public async ValueTask<bool> TryHandleAsync(HttpContext httpContext, Exception exception, CancellationToken cancellationToken)
    {
        var what = exception switch
        {
            RedisTimeoutException or RedisConnectionException => "The data store did not answer in time",
            TimeoutException => "A dependency did not answer in time",
            TaskCanceledException { InnerException: TimeoutException } => "An outgoing call timed out",
            _ => null,
        };
        if (what is null || httpContext.Response.HasStarted)
        {
            return false;
        }

        logger.LogWarning("{What}: {Error}", what, exception.Message);
        httpContext.Response.StatusCode = StatusCodes.Status503ServiceUnavailable;
        httpContext.Response.Headers.RetryAfter = "1";
        return await problems.TryWriteAsync(new ProblemDetailsContext
        {
            HttpContext = httpContext,
            Exception = exception,
            ProblemDetails = new ProblemDetails
            {
                Status = StatusCodes.Status503ServiceUnavailable,
                Title = "Service unavailable",
                Detail = what + "; retry shortly.",
            },
        });
    }
}
