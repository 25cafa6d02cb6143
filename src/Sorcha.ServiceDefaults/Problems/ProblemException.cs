using Microsoft.AspNetCore.Http;

namespace Sorcha.ServiceDefaults.Problems;

/// <summary>
/// Ends a request deep in a flow with a problem document already in this API's terms (e.g. a wallet's 404 on sign →
/// 403 "not your wallet", a step claimed by a concurrent submission → 409). <see cref="ProblemExceptionHandler"/>
/// writes it; a handler that must clean up first catches it like any exception.
/// </summary>
public sealed class ProblemException : Exception
{
    public ProblemException(int status, string title, string detail, Exception? innerException = null)
        : base(detail, innerException)
    {
        Status = status;
        Title = title;
    }

    public ProblemException()
        : this(StatusCodes.Status500InternalServerError, "Internal server error", "The request failed.")
    {
    }

    public ProblemException(string message)
        : this(StatusCodes.Status500InternalServerError, "Internal server error", message)
    {
    }

    public ProblemException(string message, Exception innerException)
        : this(StatusCodes.Status500InternalServerError, "Internal server error", message, innerException)
    {
    }

    public int Status { get; }

    public string Title { get; }

    public static ProblemException Unavailable(string detail, Exception? innerException = null) =>
        new(StatusCodes.Status503ServiceUnavailable, "Service unavailable", detail, innerException);

    public static ProblemException BadGateway(string detail, Exception? innerException = null) =>
        new(StatusCodes.Status502BadGateway, "Bad gateway", detail, innerException);
}
