using Microsoft.AspNetCore.Diagnostics;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace Sorcha.ApiPlatform.Errors;

/// <summary>
/// A request the framework cannot read (malformed JSON, a wrong type, a body over the limit) is the client's mistake:
/// answer with its own 4xx status and say what was wrong, never a 500.
/// </summary>
internal sealed class BadRequestExceptionHandler(IProblemDetailsService problems) : IExceptionHandler
{
    public async ValueTask<bool> TryHandleAsync(HttpContext httpContext, Exception exception, CancellationToken cancellationToken)
    {
        if (exception is not BadHttpRequestException bad)
        {
            return false;
        }

        httpContext.Response.StatusCode = bad.StatusCode;
        return await problems.TryWriteAsync(new ProblemDetailsContext
        {
            HttpContext = httpContext,
            Exception = exception,
            ProblemDetails = new ProblemDetails
            {
                Status = bad.StatusCode,
                Title = bad.StatusCode == StatusCodes.Status413PayloadTooLarge ? "Payload too large" : "Malformed request",
                Detail = bad.InnerException is System.Text.Json.JsonException json ? $"{bad.Message} {json.Message}" : bad.Message,
            },
        });
    }
}
