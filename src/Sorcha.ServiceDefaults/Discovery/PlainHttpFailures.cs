using System.Net.Http;
using Polly.CircuitBreaker;
using Polly.Timeout;

namespace Sorcha.ServiceDefaults.Discovery;

/// <summary>
/// The resilience pipeline reports a timeout or an open circuit with Polly's exceptions; callers were written against
/// HttpClient's (a timeout is a <see cref="TaskCanceledException"/> wrapping a <see cref="TimeoutException"/>, an
/// unreachable service an <see cref="HttpRequestException"/>), which they turn into a 503 naming the service. This keeps
/// that contract, so no caller depends on Polly.
/// </summary>
internal sealed class PlainHttpFailures : DelegatingHandler
{
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        try
        {
            return await base.SendAsync(request, cancellationToken);
        }
        catch (TimeoutRejectedException e)
        {
            throw new TaskCanceledException($"{request.RequestUri?.Host} did not answer within {e.Timeout.TotalSeconds:F0} s.",
                new TimeoutException(e.Message, e));
        }
        catch (BrokenCircuitException e)
        {
            throw new HttpRequestException(HttpRequestError.ConnectionError, $"{request.RequestUri?.Host} is failing; calls are paused.", e);
        }
    }
}
