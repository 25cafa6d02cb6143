using Sorcha.Client;
using Sorcha.Web.Identity;

namespace Sorcha.Web.Api;

/// <summary>An API problem (or a failure to reach the API) in words a person can act on; never a stack trace.</summary>
public static class ProblemText
{
    public static string Describe(Exception exception) => exception switch
    {
        SessionEndedException ended => ended.Message,
        SorchaApiException { Status: 404 } => "Not found: it does not exist, or it is not yours to see.",
        SorchaApiException { Status: 429 } => "Too many requests just now. Wait a moment and try again.",
        SorchaApiException { Status: >= 500 } api => $"Sorcha could not answer ({api.Status}). Try again in a moment.",
        SorchaApiException api => string.Join(" ", new[] { api.Title, api.Detail }.Where(s => !string.IsNullOrWhiteSpace(s)).Distinct())
            is { Length: > 0 } words ? words : $"The request was refused ({api.Status}).",
        HttpRequestException or TaskCanceledException => "Sorcha cannot be reached right now. Try again in a moment.",
        _ => "Something went wrong. Try again.",
    };

    /// <summary>Field errors of a 422/400, by the JSON Pointer (or member name) the API gave.</summary>
    public static IReadOnlyDictionary<string, string[]> Fields(Exception exception) =>
        exception is SorchaApiException api ? api.Errors : new Dictionary<string, string[]>();
}
