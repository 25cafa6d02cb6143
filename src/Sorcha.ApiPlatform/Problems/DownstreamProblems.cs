using Microsoft.AspNetCore.Http;
using Sorcha.Client;
using StackExchange.Redis;

namespace Sorcha.ApiPlatform.Problems;

/// <summary>
/// What a service answers when a call to another service fails and the calling code has no better answer — the one
/// place this mapping is decided (the Blueprint service's use of it: docs/api.md, "Downstream errors"):
/// <list type="table">
///   <item><term>no answer: no connection or a timeout (<see cref="UnansweredCallHandler"/> names the service; without
///   it, an HttpRequestException without a status)</term><description>503, retry</description></item>
///   <item><term>401</term><description>401: the caller's forwarded token was refused (it expired on the way)</description></item>
///   <item><term>413</term><description>413: the other service refused the size of what this request made</description></item>
///   <item><term>429</term><description>429: the caller is over its rate limit there</description></item>
///   <item><term>503, 504</term><description>503, retry</description></item>
///   <item><term>any other status (400, 403, 404, 409, 422, 500, 502 …), and a success whose body is not the expected
///   document</term><description>502: a call this
///   service did not plan for failing is its own or the other service's fault, never the client's</description></item>
/// </list>
/// A call that expects a status (a 404 meaning "not yours", a 422 meaning "refused") maps it where it is made.
/// A dependency that did not answer in time — an outgoing call's timeout on an HttpClient without
/// <see cref="UnansweredCallHandler"/>, a Redis command past its AsyncTimeout, a Redis connection that is down (the
/// multiplexer fails fast, see RedisSetup) — is 503 too: not the client's fault and not a bug, so the caller retries.
/// </summary>
public static class DownstreamProblems
{
    /// <summary>The problem to answer for a failed call to another service, or null when <paramref name="e"/> is not one.</summary>
    public static ProblemException? Map(Exception e) => e switch
    {
        SorchaApiException api => Map(api),
        HttpRequestException { StatusCode: null } transport => ProblemException.Unavailable(
            $"A service this request needs could not be reached ({transport.Message}); try again.", e),
        RedisTimeoutException or RedisConnectionException => Late("The data store did not answer in time", e),
        RedisServerException server when IsTransient(server) => Late("The data store is not ready (" + server.Message + ")", e),
        RedisServerException server when RefusesWrites(server) => ProblemException.Unavailable(
            "The data store refuses writes until an operator frees space (" + server.Message + "); nothing was changed, retry later.", e),
        TimeoutException => Late("A dependency did not answer in time", e),
        TaskCanceledException { InnerException: TimeoutException } => Late("An outgoing call timed out", e),
        _ => null,
    };

    /// <summary>
    /// States a Redis passes through and leaves by itself, e.g. LOADING while a restarted Redis replays its AOF: PING
    /// already answers then, so a service reconnects and its reads meet this. Other server errors are bugs (500).
    /// </summary>
    private static bool IsTransient(RedisServerException e) =>
        TransientRedisStates.Any(state => e.Message.StartsWith(state, StringComparison.Ordinal));

    // CLUSTERDOWN: a Redis Cluster while a replica takes over a failed master's slots (docs/reliability.md, "Redis Cluster").
    private static readonly string[] TransientRedisStates = ["LOADING", "BUSY", "TRYAGAIN", "MASTERDOWN", "CLUSTERDOWN"];

    /// <summary>
    /// A Redis whose disk is full (MISCONF: its AOF write failed; it refuses every write until a retry succeeds, and
    /// retries each second) or that reached maxmemory under noeviction (OOM). Reads still work, the refused command
    /// changed nothing (a script is refused at its first write, so none is half-applied), and writes resume by
    /// themselves once space is freed: 503, not 500 (docs/reliability.md, "A full disk").
    /// </summary>
    private static bool RefusesWrites(RedisServerException e) =>
        e.Message.StartsWith("MISCONF", StringComparison.Ordinal) || e.Message.StartsWith("OOM", StringComparison.Ordinal);

    private static ProblemException Late(string what, Exception e) => ProblemException.Unavailable(what + "; retry shortly.", e);

    public static ProblemException Map(SorchaApiException e)
    {
        var what = $"A service this request needs answered {e.Status} ({e.Detail ?? e.Title ?? (e.Problem is null && e.ProblemJson is null ? e.Message : "no detail")})";
        return e.Status switch
        {
            StatusCodes.Status401Unauthorized => new(e.Status, "Unauthorized", $"{what}: it did not accept your token.", e),
            StatusCodes.Status413PayloadTooLarge => new(e.Status, "Payload too large", $"{what}: it refused the size.", e),
            StatusCodes.Status429TooManyRequests => new(e.Status, "Too many requests", $"{what}: it is rate limiting you.", e),
            StatusCodes.Status503ServiceUnavailable or StatusCodes.Status504GatewayTimeout =>
                ProblemException.Unavailable($"{what}; try again.", e),
            _ => ProblemException.BadGateway($"{what}, which this service did not expect.", e),
        };
    }
}
