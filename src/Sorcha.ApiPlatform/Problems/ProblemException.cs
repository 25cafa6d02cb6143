using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;

namespace Sorcha.ApiPlatform.Problems;

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

    /// <summary>
    /// A refusal built as its document (<see cref="ApiProblems"/>, a 400's field errors, a member such as
    /// <c>errors</c> or <c>quota</c>), for a flow whose every failure is thrown: it is written as it would be returned.
    /// </summary>
    public ProblemException(ProblemDetails document)
        : base(document.Detail ?? document.Title)
    {
        Status = document.Status ?? StatusCodes.Status500InternalServerError;
        Title = document.Title ?? "";
        Document = document;
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

    /// <summary>The whole document when this refusal was built as one; otherwise it is made of status, title and message.</summary>
    public ProblemDetails? Document { get; }

    public static ProblemException Of(ProblemHttpResult problem) => new(problem.ProblemDetails);

    public static ProblemException Of(ValidationProblem problem) => new(problem.ProblemDetails);

    public static ProblemException Unavailable(string detail, Exception? innerException = null) =>
        new(StatusCodes.Status503ServiceUnavailable, "Service unavailable", detail, innerException);

    public static ProblemException BadGateway(string detail, Exception? innerException = null) =>
        new(StatusCodes.Status502BadGateway, "Bad gateway", detail, innerException);
}
