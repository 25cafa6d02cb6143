using Microsoft.AspNetCore.Diagnostics;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Logging;

namespace Sorcha.ApiPlatform.Problems;

/// <summary>
/// Writes a <see cref="ProblemException"/> as its problem document, and a failed call to another service or to Redis
/// (a SorchaApiException, a connection failure, a timeout) as <see cref="DownstreamProblems"/> maps it, so a
/// dependency's failure never surfaces as a 500. 429 and 503 carry <c>Retry-After: 1</c>, like the platform's other retry answers.
/// </summary>
internal sealed class ProblemExceptionHandler(ILogger<ProblemExceptionHandler> logger) : IExceptionHandler
{
    public async ValueTask<bool> TryHandleAsync(HttpContext httpContext, Exception exception, CancellationToken cancellationToken)
    {
        if ((exception as ProblemException ?? DownstreamProblems.Map(exception)) is not { } problem || httpContext.Response.HasStarted)
        {
            return false;
        }

        if (problem.Status >= StatusCodes.Status500InternalServerError)
        {
            logger.LogWarning("{Status} {Title}: {Detail} ({Error})", problem.Status, problem.Title, problem.Message, exception.Message);
        }

        httpContext.Response.StatusCode = problem.Status;
        if (problem.Status is StatusCodes.Status429TooManyRequests or StatusCodes.Status503ServiceUnavailable)
        {
            httpContext.Response.Headers.RetryAfter = "1";
        }

        // Written as a returned problem result writes it (the problem details service, or plain JSON when the Accept
        // header declines it), so a refusal reads the same whether its flow returned or threw it.
        await TypedResults.Problem(problem.Document
            ?? new ProblemDetails { Status = problem.Status, Title = problem.Title, Detail = problem.Message }).ExecuteAsync(httpContext);
        return true;
    }
}
