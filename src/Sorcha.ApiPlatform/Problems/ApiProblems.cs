using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Limits;

namespace Sorcha.ApiPlatform.Problems;

/// <summary>
/// The problem documents (RFC 9457) every service answers with, so that a status always comes with the same title
/// wording and shape. A 400 listing fields is <c>TypedResults.ValidationProblem(FieldErrors.ToDictionary())</c>; the
/// rest goes through here. Titles a service words differently (api.md names some, e.g. "Wallet not found") are passed in.
/// </summary>
public static class ApiProblems
{
    public static ProblemHttpResult NotFound(string detail, string title = "Not found") =>
        TypedResults.Problem(detail, statusCode: StatusCodes.Status404NotFound, title: title);

    public static ProblemHttpResult Forbidden(string detail) =>
        TypedResults.Problem(detail, statusCode: StatusCodes.Status403Forbidden, title: "Forbidden");

    public static ProblemHttpResult Conflict(string detail, string title = "Conflict") =>
        TypedResults.Problem(detail, statusCode: StatusCodes.Status409Conflict, title: title);

    /// <summary>413 naming the limit, for a payload that fits the body limit but not the field's.</summary>
    public static ProblemHttpResult TooLarge(string field, long limitBytes) => TypedResults.Problem(
        $"{field} is larger than the limit of {limitBytes} bytes.", statusCode: StatusCodes.Status413PayloadTooLarge,
        title: "Payload too large");

    public static ProblemHttpResult UnsupportedMediaType(string detail) =>
        TypedResults.Problem(detail, statusCode: StatusCodes.Status415UnsupportedMediaType, title: "Unsupported media type");

    /// <summary>
    /// 409: one more would take the caller past one of its quotas (Limits/Quota.cs). A conflict with what the caller
    /// holds, which it resolves by deleting or completing something, not by waiting (429) and not a wrong caller (403);
    /// <c>quota</c> and <c>limit</c> name it for clients that branch on it (docs/api.md, "Quotas").
    /// </summary>
    public static ProblemHttpResult QuotaExceeded(string quota, long limit, string detail)
    {
        LimitsTelemetry.Quota(quota);
        return TypedResults.Problem(detail, statusCode: StatusCodes.Status409Conflict, title: "Quota exceeded",
            extensions: new Dictionary<string, object?> { ["quota"] = quota, ["limit"] = limit });
    }

    /// <summary>Well-formed but refused (a 4xx the client can fix by sending something else).</summary>
    public static ProblemHttpResult Unprocessable(string detail, string title = "Request refused",
        IDictionary<string, object?>? extensions = null) =>
        TypedResults.Problem(detail, statusCode: StatusCodes.Status422UnprocessableEntity, title: title, extensions: extensions);

    /// <summary>
    /// 422 with every problem in <c>errors</c> (field or JSON Pointer → messages), the same member a 400
    /// ValidationProblem uses, for input that is well-formed JSON but rejected as a whole.
    /// </summary>
    public static ProblemHttpResult Invalid(string title, string detail, IDictionary<string, string[]> errors) =>
        TypedResults.Problem(new HttpValidationProblemDetails(errors)
        {
            Status = StatusCodes.Status422UnprocessableEntity,
            Title = title,
            Detail = detail,
        });

    /// <summary>Any other status, e.g. one decided deep in a flow (<see cref="ProblemException"/>).</summary>
    public static ProblemHttpResult Problem(int status, string title, string? detail, string? type = null) =>
        TypedResults.Problem(detail, statusCode: status, title: title, type: type);
}
