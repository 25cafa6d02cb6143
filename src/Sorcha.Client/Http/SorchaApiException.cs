using System.Net;
using System.Text;
using System.Text.Json;

namespace Sorcha.Client;

/// <summary>
/// A non-success answer from the platform, with its problem document taken apart. Derives from
/// <see cref="HttpRequestException"/> so code that already handles failed HTTP calls handles this too.
/// </summary>
public sealed class SorchaApiException : HttpRequestException
{
    private static readonly IReadOnlyDictionary<string, string[]> NoErrors = new Dictionary<string, string[]>();
    private static readonly IReadOnlyDictionary<string, JsonElement> NoExtensions = new Dictionary<string, JsonElement>();

    public SorchaApiException()
        : this("The Sorcha API answered with an error.")
    {
    }

    public SorchaApiException(string message)
        : this(message, null)
    {
    }

    public SorchaApiException(string message, Exception? innerException)
        : base(message, innerException)
    {
    }

    private SorchaApiException(HttpStatusCode status, ProblemDocument? problem, string? body)
        : base(Describe(status, problem, body), null, status)
    {
        Status = (int)status;
        Problem = problem;
        ProblemJson = body;
    }

    /// <summary>The HTTP status code (also in <see cref="HttpRequestException.StatusCode"/>).</summary>
    public int Status { get; }

    /// <summary>The parsed problem document, or null when the body was not one (e.g. empty).</summary>
    public ProblemDocument? Problem { get; }

    /// <summary>The raw response body, as received.</summary>
    public string? ProblemJson { get; }

    public string? Title => Problem?.Title;

    public string? Detail => Problem?.Detail;

    public string? Type => Problem?.Type;

    /// <summary>Failing field (or JSON Pointer) → messages; empty when the problem lists none.</summary>
    public IReadOnlyDictionary<string, string[]> Errors => Problem?.Errors ?? NoErrors;

    /// <summary>Members beyond RFC 9457's own, e.g. <c>error</c> on token errors, <c>traceId</c>.</summary>
    public IReadOnlyDictionary<string, JsonElement> Extensions =>
        Problem?.Extensions is { } extensions ? extensions.AsReadOnly() : NoExtensions;

    /// <summary>
    /// A success status whose body is not the document the call expects (not JSON, the wrong shape, null): the answer
    /// is broken, so it is raised like any other failed answer rather than as a bare JsonException, and a service that
    /// made the call maps it as an unexpected answer (502), never as its caller's bad input.
    /// </summary>
    internal static SorchaApiException Unreadable(HttpStatusCode status, string expected, JsonException e) =>
        new(status, $"{(int)status} answer whose body is not a {expected}: {e.Message}", e);

    private SorchaApiException(HttpStatusCode status, string message, Exception innerException)
        : base(message, innerException, status)
    {
        Status = (int)status;
    }

    internal static async Task<SorchaApiException> FromResponseAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        var body = await response.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false);
        return new SorchaApiException(response.StatusCode, TryParse(body), body.Length == 0 ? null : body);
    }

    private static ProblemDocument? TryParse(string body)
    {
        if (body.Length == 0 || body[0] != '{')
        {
            return null;
        }

        try
        {
            return JsonSerializer.Deserialize(body, SorchaJsonContext.Default.ProblemDocument);
        }
        catch (JsonException)
        {
            // Not a problem document (a proxy's page, a differently shaped body): the raw text is still kept.
            return null;
        }
    }

    private static string Describe(HttpStatusCode status, ProblemDocument? problem, string? body)
    {
        var message = new StringBuilder().Append((int)status).Append(' ').Append(problem?.Title ?? status.ToString());
        if (problem?.Detail is { } detail)
        {
            message.Append(": ").Append(detail);
        }
        else if (problem is null && !string.IsNullOrEmpty(body))
        {
            message.Append(": ").Append(body.Length > 200 ? body[..200] + "…" : body);
        }

        foreach (var (field, messages) in problem?.Errors ?? NoErrors)
        {
            message.Append(" [").Append(field).Append(": ").AppendJoin(" ", messages).Append(']');
        }

        return message.ToString();
    }
}
