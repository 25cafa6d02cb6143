using System.Net;
using Sorcha.Gateway.Balancing;
using Sorcha.Gateway.Limits;
using Sorcha.ServiceDefaults.Discovery;
using Sorcha.ServiceDefaults.Limits;

namespace Sorcha.Gateway.Proxy;

/// <summary>
/// Streams a request to the owning service and its answer back. YARP would do this, but no YARP version restores
/// from our package registry (see docs/dependencies.md); this keeps to what a reverse proxy must get right:
/// hop-by-hop headers, X-Forwarded-*, streaming bodies, trace propagation and clean 502/504 answers.
/// </summary>
public sealed class Forwarder(IConfiguration configuration, ReplicaPicker picker, ILogger<Forwarder> logger) : IDisposable
{
    private static readonly HashSet<string> HopByHop = new(StringComparer.OrdinalIgnoreCase)
    {
        "Connection", "Keep-Alive", "Proxy-Authenticate", "Proxy-Authorization", "TE", "Trailer",
        "Transfer-Encoding", "Upgrade", "Host",
    };

    // Limits:Timeouts (docs/reliability.md): answer 504 rather than hold the client's connection forever.
    private readonly TimeSpan _timeout = TimeSpan.FromSeconds(configuration.Limits().Timeouts.ForwarderSeconds);

    private readonly HttpMessageInvoker _client = new(new SocketsHttpHandler
    {
        UseProxy = false,
        AllowAutoRedirect = false,
        AutomaticDecompression = DecompressionMethods.None,
        UseCookies = false,
        PooledConnectionIdleTimeout = TimeSpan.FromMinutes(2),
        ConnectTimeout = TimeSpan.FromSeconds(configuration.Limits().Timeouts.ForwarderConnectSeconds),
        EnableMultipleHttp2Connections = true,
    });

    /// <summary>
    /// Forwards to the service's replicas in round-robin order (<see cref="ReplicaPicker"/>). A failed attempt moves on
    /// to the next replica when the request never reached the first (connection refused) or may safely arrive twice
    /// (<see cref="ReplayPolicy"/>); otherwise, or when every replica failed, the answer is 502.
    /// </summary>
    public async Task<IResult> ForwardAsync(HttpContext context, string service)
    {
        var replicas = picker.Order(service);
        if (replicas.Count == 0)
        {
            return TypedResults.Problem($"No address is configured for the {service} service.", statusCode: 502);
        }

        var replayable = ReplayPolicy.Prepare(context.Request);
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(context.RequestAborted);
        timeout.CancelAfter(_timeout);
        for (var attempt = 0; ; attempt++)
        {
            using var request = BuildRequest(context, replicas[attempt]);
            try
            {
                using var response = await _client.SendAsync(request, timeout.Token);
                await CopyResponseAsync(context, response, timeout.Token);
                return TypedResults.Empty;
            }
            catch (OperationCanceledException) when (context.RequestAborted.IsCancellationRequested)
            {
                return TypedResults.Empty; // the client went away; nothing to answer
            }
            catch (OperationCanceledException)
            {
                return TypedResults.Problem($"The {service} service did not answer within {_timeout.TotalSeconds:F0} s.", statusCode: 504);
            }
            catch (HttpRequestException ex) when (ClientBodyErrors.Find(ex) is { } bad)
            {
                return ClientBodyErrors.Problem(bad); // the client's own body broke a limit while it was sent on
            }
            catch (HttpRequestException ex)
            {
                var refused = ex.HttpRequestError == HttpRequestError.ConnectionError;
                if (refused)
                {
                    picker.MarkDown(replicas[attempt]);
                }

                if (attempt + 1 < replicas.Count && !context.Response.HasStarted
                    && (refused || ReplayPolicy.TryRewind(context.Request, replayable)))
                {
                    logger.LogWarning("Forwarding to {Service} at {Replica} failed ({Error}); trying {Next}", service,
                        replicas[attempt], ex.Message, replicas[attempt + 1]);
                    continue;
                }

                logger.LogWarning("Forwarding to {Service} failed: {Error}", service, ex.Message);
                return TypedResults.Problem($"The {service} service is unavailable.", statusCode: 502);
            }
        }
    }

    private static HttpRequestMessage BuildRequest(HttpContext context, Uri baseUri)
    {
        var incoming = context.Request;
        var target = new Uri(baseUri, incoming.PathBase + incoming.Path + incoming.QueryString);
        var request = new HttpRequestMessage(new HttpMethod(incoming.Method), target) { Version = HttpVersion.Version11 };
        if (incoming.ContentLength > 0 || incoming.Headers.TransferEncoding.Count > 0)
        {
            request.Content = new StreamContent(new BorrowedStream(incoming.Body));
        }

        foreach (var (name, values) in incoming.Headers)
        {
            if (HopByHop.Contains(name) || name.Equals("traceparent", StringComparison.OrdinalIgnoreCase)
                || name.Equals("tracestate", StringComparison.OrdinalIgnoreCase))
            {
                continue; // HttpClient writes the current trace context itself
            }

            if (!request.Headers.TryAddWithoutValidation(name, values.ToArray()))
            {
                request.Content?.Headers.TryAddWithoutValidation(name, values.ToArray());
            }
        }

        request.Headers.TryAddWithoutValidation("X-Forwarded-For", context.Connection.RemoteIpAddress?.ToString());
        request.Headers.TryAddWithoutValidation("X-Forwarded-Proto", incoming.Scheme);
        request.Headers.TryAddWithoutValidation("X-Forwarded-Host", incoming.Host.Value);
        return request;
    }

    private static async Task CopyResponseAsync(HttpContext context, HttpResponseMessage response, CancellationToken ct)
    {
        context.Response.StatusCode = (int)response.StatusCode;
        foreach (var (name, values) in response.Headers.Concat(response.Content.Headers))
        {
            if (!HopByHop.Contains(name))
            {
                context.Response.Headers[name] = values.ToArray();
            }
        }

        await using var body = await response.Content.ReadAsStreamAsync(ct);
        await body.CopyToAsync(context.Response.Body, ct);
    }

    public void Dispose() => _client.Dispose();
}
