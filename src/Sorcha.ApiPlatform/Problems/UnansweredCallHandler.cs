namespace Sorcha.ApiPlatform.Problems;

/// <summary>
/// On an HttpClient for another service: a call that gets no answer — no connection, or no answer within the
/// HttpClient's timeout (or the caller's own deadline) — ends the request as a 503 naming that service, so the caller
/// learns which dependency failed. Answers, successful or not, pass through (a non-success one becomes a
/// SorchaApiException in Sorcha.Client, see <see cref="DownstreamProblems"/>).
/// </summary>
public sealed class UnansweredCallHandler(string service) : DelegatingHandler
{
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        try
        {
            return await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
        }
        catch (HttpRequestException e)
        {
            throw ProblemException.Unavailable($"The {service} service is unavailable ({e.Message}); try again.", e);
        }
        catch (OperationCanceledException e)
        {
            // The HttpClient's timeout and the caller's cancellation arrive here as one token: either way no answer came.
            throw ProblemException.Unavailable($"The {service} service is unavailable (no answer in time); try again.", e);
        }
    }
}
