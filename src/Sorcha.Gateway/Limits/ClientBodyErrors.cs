namespace Sorcha.Gateway.Limits;

/// <summary>
/// While YARP streams the client's body to a service, reading that body can fail because of the client: over the
/// gateway's body limit (413), a malformed chunk (400). That must reach the client as its own 4xx with the right
/// status, not as "service unavailable" (502) or YARP's generic 400.
/// </summary>
public static class ClientBodyErrors
{
    public static BadHttpRequestException? Find(Exception exception)
    {
        for (Exception? e = exception; e is not null; e = e.InnerException)
        {
            if (e is BadHttpRequestException bad)
            {
                return bad;
            }
        }

        return null;
    }

    public static IResult Problem(BadHttpRequestException bad) => TypedResults.Problem(bad.Message, statusCode: bad.StatusCode,
        title: bad.StatusCode == StatusCodes.Status413PayloadTooLarge ? "Payload too large" : "Malformed request");
}
