using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Limits;
using Sorcha.Gateway.LinkedData;
using Sorcha.ServiceDefaults.Telemetry;
using Yarp.ReverseProxy.Configuration;
using Yarp.ReverseProxy.Forwarder;
using Yarp.ReverseProxy.Transforms;

namespace Sorcha.Gateway.Proxy;

/// <summary>
/// The gateway's routes on YARP: the route table and clusters are the "ReverseProxy" section of appsettings.json, which
/// YARP binds and watches itself (LoadFromConfig), each cluster's destination a discovery name
/// (Microsoft.Extensions.ServiceDiscovery.Yarp). Routes carry no policy of their own, so the fallback policy demands a
/// token and the rate limiter counts each request before it is forwarded.
/// </summary>
public static class ProxySetup
{
    public const string Section = "ReverseProxy";

    /// <summary>
    /// The services behind the gateway, in the order of the configured clusters: each cluster's id, or the service its
    /// <see cref="ServiceMetadata"/> names when it is a second cluster of one service (the Blueprint service's hub, whose
    /// cluster keeps a client on one replica while its API requests are balanced).
    /// </summary>
    public static IReadOnlyList<string> Services(IServiceProvider services) =>
        [.. services.GetRequiredService<IProxyConfigProvider>().GetConfig().Clusters
            .Select(c => c.Metadata?.GetValueOrDefault(ServiceMetadata) ?? c.ClusterId).Distinct(StringComparer.Ordinal)];

    /// <summary>A cluster's metadata key naming the service it reaches, when its id is not that service's name.</summary>
    public const string ServiceMetadata = "Service";

    public static void AddProxy(this WebApplicationBuilder builder)
    {
        builder.Services.AddReverseProxy()
            .LoadFromConfig(builder.Configuration.GetSection(Section))
            .AddConfigFilter<ClusterDefaults>()
            // Each configured destination (http://wallet) becomes one per replica that service discovery knows
            // (services:wallet:http:0, :1 …), re-resolved when that changes; YARP balances and health-checks each.
            .AddServiceDiscoveryDestinationResolver()
            // No X-Forwarded-For/-Proto/-Host/-Prefix: no service reads them (docs/deploy.md), and building them cost
            // the gateway and parsing them the service on every forwarded request (docs/performance.md, "The gateway's hop").
            // A JSON-LD request alone gets the origin, for its absolute ids.
            .AddTransforms(t =>
            {
                t.UseDefaultForwarders = false;
                t.AddLinkedDataOrigin();
            });
        builder.Services.AddSingleton<IForwarderHttpClientFactory>(sp => new ConnectTimeoutClientFactory(
            TimeSpan.FromSeconds(sp.Limits().Timeouts.ForwarderConnectSeconds), sp.GetRequiredService<IConfiguration>(),
            sp.GetRequiredService<ILogger<ForwarderHttpClientFactory>>()));
    }

    public static void MapProxy(this WebApplication app)
    {
        var timeoutSeconds = app.Services.Limits().Timeouts.ForwarderSeconds;
        app.MapReverseProxy(proxy =>
        {
            proxy.UseForwarderProblems(timeoutSeconds);
            proxy.UseReplicaFailover();
            proxy.UseSessionAffinity();
            proxy.UseLoadBalancing();
            proxy.UsePassiveHealthChecks();
        });

        // Every path no API route takes goes to the web app (the "web" route, anonymous: the app signs people in
        // itself), except under /api: an unknown API path stays the API's 404 problem, after the token check.
        app.Map("/api/{**rest}", () => TypedResults.Problem(statusCode: StatusCodes.Status404NotFound, title: "Not Found",
            detail: "No API route has this path.")).ExcludeFromDescription();
        // The gateway's own GET-only paths: another method there is still the 405 it was, not the web app's page.
        foreach (var path in new[] { "/health", "/alive" })
        {
            app.MapMethods(path, [HttpMethods.Post, HttpMethods.Put, HttpMethods.Patch, HttpMethods.Delete], (HttpContext context) =>
            {
                context.Response.Headers.Allow = HttpMethods.Get;
                return TypedResults.Problem(statusCode: StatusCodes.Status405MethodNotAllowed, title: "Method Not Allowed");
            }).AllowAnonymous().ExcludeFromDescription();
        }
    }

    /// <summary>
    /// What every cluster shares unless its configuration says otherwise: Limits:Timeouts:ForwarderSeconds without an
    /// answer is a 504; a replica's /alive is probed every 5 s (two failures in a row take it out, one success brings it
    /// back); and a replica whose requests fail (connection refused, reset) is left out for 5 s.
    /// </summary>
    private sealed class ClusterDefaults(IOptions<LimitsOptions> limits) : IProxyConfigFilter
    {
        private readonly TimeoutOptions _timeouts = limits.Value.Timeouts;

        public ValueTask<ClusterConfig> ConfigureClusterAsync(ClusterConfig cluster, CancellationToken cancel) =>
            ValueTask.FromResult(cluster with
            {
                HttpRequest = (cluster.HttpRequest ?? ForwarderRequestConfig.Empty) with
                {
                    ActivityTimeout = cluster.HttpRequest?.ActivityTimeout ?? TimeSpan.FromSeconds(_timeouts.ForwarderSeconds),
                },
                HealthCheck = cluster.HealthCheck ?? new HealthCheckConfig
                {
                    AvailableDestinationsPolicy = "HealthyOrPanic",
                    Active = new ActiveHealthCheckConfig
                    {
                        Enabled = true,
                        Interval = TimeSpan.FromSeconds(5),
                        Timeout = TimeSpan.FromSeconds(_timeouts.HealthProbeSeconds),
                        Policy = "ConsecutiveFailures",
                        Path = "/alive",
                    },
                    Passive = new PassiveHealthCheckConfig
                    {
                        Enabled = true,
                        Policy = "TransportFailureRate",
                        ReactivationPeriod = TimeSpan.FromSeconds(5),
                    },
                },
            });

        public ValueTask<RouteConfig> ConfigureRouteAsync(RouteConfig route, ClusterConfig? cluster, CancellationToken cancel) =>
            ValueTask.FromResult(route);
    }

    /// <summary>
    /// Limits:Timeouts:ForwarderConnectSeconds to connect to a replica before the attempt fails; idle connections dropped
    /// and trace headers written as by every outgoing client (<see cref="TraceHeaders"/>). Untraced, a caller's own
    /// <c>traceparent</c> still reaches the service unchanged: YARP copies it with the other request headers.
    /// </summary>
    private sealed class ConnectTimeoutClientFactory(TimeSpan connectTimeout, IConfiguration configuration, ILogger<ForwarderHttpClientFactory> logger)
        : ForwarderHttpClientFactory(logger)
    {
        protected override void ConfigureHandler(ForwarderHttpClientContext context, SocketsHttpHandler handler)
        {
            base.ConfigureHandler(context, handler);
            handler.ConnectTimeout = connectTimeout;
            handler.PooledConnectionIdleTimeout = ConnectionOptions.OutgoingIdle; // below every server's keep-alive
            handler.OwnOnlyWhenTracing(configuration);
        }
    }
}
