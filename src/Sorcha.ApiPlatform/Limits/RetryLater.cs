using Microsoft.AspNetCore.Http;

namespace Sorcha.ApiPlatform.Limits;

/// <summary>
/// A problem document with <c>Retry-After: 1</c>: 429 when the caller already runs its share of some work
/// (<see cref="CallerSlots"/>), 503 when the process runs all it will of it (<see cref="WorkSlots"/>). One second, as
/// for the other 503s: how long the work in the way takes is not known, and a retry costs a single cheap refusal.
/// </summary>
public sealed class RetryLater(int status, string title, string detail) : IResult, IStatusCodeHttpResult
{
    public int? StatusCode => status;

    public static RetryLater TooMany(string detail) => new(StatusCodes.Status429TooManyRequests, "Too many requests", detail);

    public static RetryLater Busy(string detail) => new(StatusCodes.Status503ServiceUnavailable, "Service busy", detail);

    public Task ExecuteAsync(HttpContext httpContext)
    {
        httpContext.Response.Headers.RetryAfter = "1";
        return TypedResults.Problem(detail, statusCode: status, title: title).ExecuteAsync(httpContext);
    }
}
