using Sorcha.ApiPlatform.Limits;
using Sorcha.Gateway.Limits;
using Yarp.ReverseProxy.Forwarder;

namespace Sorcha.Gateway.Proxy;

/// <summary>
/// YARP answers a failed forward with a bare status (502, 503, 504, or 400 for a broken client body). This first step of
/// the proxy pipeline turns that into a problem document naming the service, and gives the client's own body errors
/// their real status (413 over the gateway's body limit) instead of YARP's 400. Its 503 (no replica of the service is
/// available to forward to) carries <c>Retry-After: 1</c>, as every 503 of the platform does (<see cref="RetryLater"/>).
/// </summary>
public static class ForwarderProblems
{
    public static void UseForwarderProblems(this IReverseProxyApplicationBuilder proxy, double timeoutSeconds)
    {
        var logger = proxy.ApplicationServices.GetRequiredService<ILoggerFactory>().CreateLogger(typeof(ForwarderProblems));
        proxy.Use(async (context, next) =>
        {
            await next();
            if (context.Features.Get<IForwarderErrorFeature>() is not { } error || context.Response.HasStarted
                || error.Error is ForwarderError.RequestCanceled or ForwarderError.RequestBodyCanceled)
            {
                return; // answered, or the client went away
            }

            var service = context.GetReverseProxyFeature().Cluster.Config.ClusterId;
            logger.LogWarning("Forwarding to {Service} failed ({Kind}): {Error}", service, error.Error, error.Exception?.Message);
            IResult problem = error.Exception is { } e && ClientBodyErrors.Find(e) is { } bad ? ClientBodyErrors.Problem(bad)
                : context.Response.StatusCode == StatusCodes.Status504GatewayTimeout
                    ? TypedResults.Problem($"The {service} service did not answer within {timeoutSeconds:F0} s.", statusCode: 504)
                : error.Error == ForwarderError.NoAvailableDestinations
                    ? new RetryLater(StatusCodes.Status503ServiceUnavailable, "Service unavailable", $"No replica of the {service} service is available.")
                    : TypedResults.Problem($"The {service} service is unavailable.", statusCode: context.Response.StatusCode);
            await problem.ExecuteAsync(context);
        });
    }
}
