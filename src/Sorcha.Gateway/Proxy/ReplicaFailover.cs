using Sorcha.ServiceDefaults.Discovery;
using Yarp.ReverseProxy.Forwarder;
using Yarp.ReverseProxy.Model;

namespace Sorcha.Gateway.Proxy;

/// <summary>
/// YARP sends each request once. This step of the proxy pipeline (before load balancing) sends it again to another
/// replica of the same cluster when that cannot do harm, and never otherwise:
/// <list type="bullet">
/// <item>the connection was refused: nothing reached the replica, so any request may go on;</item>
/// <item>it failed after being sent (the replica died mid-request: before its answer's headers, or while the body was
/// being written to it), and the request may arrive twice: GET, HEAD,
/// OPTIONS, and the two routes the contract makes idempotent by txId (<c>POST /api/transactions</c> and
/// <c>/api/transactions/batch</c>, docs/api.md), whose bodies are buffered so they can be sent again.</item>
/// </list>
/// Any other POST, PUT, PATCH or DELETE that failed after it was sent ends as a 502: a second delivery could act twice.
/// Timeouts are not retried (504). The replicas tried are taken out of the candidates; YARP's health checks keep a dead
/// replica out of later requests' candidates.
/// </summary>
public static class ReplicaFailover
{
    private const int MemoryBufferBytes = 1024 * 1024;

    private static readonly PathString[] IdempotentPosts = ["/api/transactions", "/api/transactions/batch"];

    public static void UseReplicaFailover(this IReverseProxyApplicationBuilder proxy)
    {
        var logger = proxy.ApplicationServices.GetRequiredService<ILoggerFactory>().CreateLogger(typeof(ReplicaFailover));
        proxy.Use(async (context, next) =>
        {
            var feature = context.GetReverseProxyFeature();
            var candidates = feature.AvailableDestinations;
            var replayable = MayArriveTwice(context.Request);
            if (replayable && (context.Request.ContentLength > 0 || context.Request.Headers.TransferEncoding.Count > 0))
            {
                context.Request.EnableBuffering(MemoryBufferBytes);
            }

            var tried = new List<DestinationState>();
            while (true)
            {
                await next();
                if (context.Features.Get<IForwarderErrorFeature>() is not { } error || context.Response.HasStarted
                    || feature.ProxiedDestination is not { } failed)
                {
                    return;
                }

                tried.Add(failed);
                var others = candidates.Except(tried).ToList();
                var refused = OutgoingCalls.IsRefusedConnection(error.Exception);
                var beforeAnswer = error.Error is ForwarderError.Request or ForwarderError.RequestBodyDestination;
                if (others.Count == 0 || !beforeAnswer || !(refused || replayable))
                {
                    return;
                }

                logger.LogWarning("Forwarding to {Service} at {Replica} failed ({Error}); trying another replica",
                    feature.Cluster.Config.ClusterId, failed.Model.Config.Address, error.Exception?.Message);
                if (context.Request.Body.CanSeek)
                {
                    context.Request.Body.Position = 0; // a buffered (replayable) body, sent again from its start
                }

                context.Features.Set<IForwarderErrorFeature>(null);
                context.Response.StatusCode = StatusCodes.Status200OK;
                feature.AvailableDestinations = others;
            }
        });
    }

    /// <summary>True when a second delivery of this request can do no harm.</summary>
    public static bool MayArriveTwice(HttpRequest request) =>
        HttpMethods.IsGet(request.Method) || HttpMethods.IsHead(request.Method) || HttpMethods.IsOptions(request.Method)
        || HttpMethods.IsPost(request.Method) && IdempotentPosts.Any(p => request.Path.Equals(p, StringComparison.OrdinalIgnoreCase)
            || request.Path.Equals(p + "/", StringComparison.OrdinalIgnoreCase));
}
