using Sorcha.Client;
using Sorcha.Web.Api;
using Sorcha.Web.Identity;

namespace Sorcha.Web.Components;

/// <summary>
/// What the wallet and register pages catch around every API call (a problem answer, the API out of reach, a timeout,
/// a session that ended), and a form's problem: the words for the banner and each field's messages (a 400/422's
/// <c>errors</c>, by the member or JSON Pointer the API named).
/// </summary>
public static class ApiCall
{
    public static bool Failed(Exception exception) =>
        exception is SorchaApiException or HttpRequestException or SessionEndedException or TaskCanceledException;

    public static bool IsNotFound(Exception exception) => exception is SorchaApiException { Status: 404 };
}

/// <summary>One form's last problem: the banner's words and the messages per field.</summary>
public sealed class FormProblem
{
    private IReadOnlyDictionary<string, string[]> _fields = new Dictionary<string, string[]>();

    public string? Message { get; private set; }

    public void Set(Exception exception)
    {
        _fields = ProblemText.Fields(exception);
        // A summary above the form (announced), each message again beside its field.
        Message = _fields.Count == 0 ? ProblemText.Describe(exception) : "Not done: " + string.Join(" ", _fields.SelectMany(f => f.Value));
    }

    /// <summary>A problem the page found before asking the API, beside <paramref name="field"/>.</summary>
    public void Set(string field, string message)
    {
        Message = message;
        _fields = new Dictionary<string, string[]> { [field] = [message] };
    }

    public void Clear()
    {
        Message = null;
        _fields = new Dictionary<string, string[]>();
    }

    /// <summary>The messages for <paramref name="field"/> (its name, its JSON Pointer, or a member under it), or null.</summary>
    public string? For(string field)
    {
        var messages = _fields.Where(f => Matches(f.Key, field)).SelectMany(f => f.Value).ToList();
        return messages.Count == 0 ? null : string.Join(" ", messages);
    }

    public bool Has(string field) => For(field) is not null;

    private static bool Matches(string key, string field)
    {
        var name = key.TrimStart('/', '$', '.');
        return string.Equals(name, field, StringComparison.OrdinalIgnoreCase)
            || name.StartsWith(field + ".", StringComparison.OrdinalIgnoreCase)
            || name.StartsWith(field + "/", StringComparison.OrdinalIgnoreCase);
    }
}

/// <summary>The HTML table's own attributes for a MudTable (its accessible name goes on the table, not its wrapper).</summary>
public static class Tables
{
    public static Dictionary<string, object> Named(string name) => new(StringComparer.Ordinal) { ["aria-label"] = name };
}
