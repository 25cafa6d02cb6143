namespace Sorcha.Blueprint.Service.Problems;

/// <summary>
/// Ends a request deep in a flow with a problem document, already in this API's terms: <see cref="Status"/> is what we
/// answer (e.g. the wallet's 404 on sign → 403 "not your wallet"; an unreachable service → 503; a service answering
/// nonsense → 502; a step claimed by a concurrent submission → 409). Handlers turn it into a problem document.
/// </summary>
public sealed class ProblemException : Exception
{
    public ProblemException(int status, string title, string message)
        : base(message)
    {
        Status = status;
        Title = title;
    }

    public ProblemException()
        : this(StatusCodes.Status502BadGateway, "Bad gateway", "A downstream service failed.")
    {
    }

    public ProblemException(string message)
        : this(StatusCodes.Status502BadGateway, "Bad gateway", message)
    {
    }

    public ProblemException(string message, Exception innerException)
        : base(message, innerException)
    {
        Status = StatusCodes.Status502BadGateway;
        Title = "Bad gateway";
    }

    public int Status { get; }

    public string Title { get; }

    public static ProblemException Unavailable(string service, string why) =>
        new(StatusCodes.Status503ServiceUnavailable, "Service unavailable", $"The {service} service is unavailable ({why}); try again.");

    public static ProblemException BadGateway(string service, string why) =>
        new(StatusCodes.Status502BadGateway, "Bad gateway", $"The {service} service gave an unexpected answer: {why}");
}
