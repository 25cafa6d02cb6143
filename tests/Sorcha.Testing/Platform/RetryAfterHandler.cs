using System.Net;

namespace Sorcha.Testing.Platform;

/// <summary>
/// For a caller that may send more than the per-caller rate (2,000 requests/s, bursts of 4,000: docs/limits.md,
/// "Limits") and does not test the limit itself: a closed-loop load, or an audit reading back thousands of
/// transactions, exceeds it only on a fast enough machine. Such a caller does what the contract asks of any client: on
/// a 429 it waits as Retry-After says and sends the same request again. The limit stays on, at its default, for every
/// test; <see cref="RateLimited"/> says how often this caller met it.
/// <para>Only 429 is resent. A 503 (which carries Retry-After too) is a fault the fault tests must see; a 429 without
/// Retry-After is passed on, and the test fails on it. HttpClient.Timeout, or the caller's token, bounds the waits.</para>
/// </summary>
public sealed class RetryAfterHandler(HttpMessageHandler inner) : DelegatingHandler(inner)
{
    private int _rateLimited;

    public RetryAfterHandler()
        : this(new SocketsHttpHandler())
    {
    }

    /// <summary>How many 429s this caller waited out.</summary>
    public int RateLimited => Volatile.Read(ref _rateLimited);

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        while (true)
        {
            var response = await base.SendAsync(request, cancellationToken);
            if (response.StatusCode != HttpStatusCode.TooManyRequests || response.Headers.RetryAfter?.Delta is not { } wait)
            {
                return response;
            }

            // A 429 with Retry-After comes from a rate limiter, which runs before any endpoint: the refused request
            // did nothing and may be sent again as is (its content is a string or JSON, which serialises again).
            response.Dispose();
            Interlocked.Increment(ref _rateLimited);
            await Task.Delay(wait, cancellationToken);
        }
    }
}
