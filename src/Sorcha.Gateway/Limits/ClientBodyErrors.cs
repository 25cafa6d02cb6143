namespace Sorcha.Gateway.Limits;

/// <summary>
/// While the forwarder streams the client's body to a service, reading that body can fail because of the client:
/// over the gateway's body limit (413), a malformed chunk (400). HttpClient reports that as a failed send; it must
/// reach the client as its own 4xx, not as "service unavailable" (502).
/// </summary>
public static class ClientBodyErrors
{
    public static BadHttpRequestException? Find(Exception exception)
    {
        for (var e = exception.InnerException; e is not null; e = e.InnerException)
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
