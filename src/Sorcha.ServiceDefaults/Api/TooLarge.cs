using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.HttpResults;

namespace Sorcha.ServiceDefaults.Api;

public static class TooLarge
{
    /// <summary>413 as a problem document naming the limit, for payloads that fit the body limit but not the field's.</summary>
    public static ProblemHttpResult Problem(string field, long limitBytes) => TypedResults.Problem(
        $"{field} is larger than the limit of {limitBytes} bytes.", statusCode: StatusCodes.Status413PayloadTooLarge,
        title: "Payload too large");
}
