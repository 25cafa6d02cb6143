using System.Diagnostics;
using System.Net;
using System.Text.RegularExpressions;

namespace Sorcha.Benchmarks;

/// <summary>
/// One person signed in to the web app over plain HTTP, as a browser does it in Development: GET /signin for the form's
/// antiforgery token (its cookie lands in the container), POST the name, keep the session cookie. Redirects are not
/// followed, so that the 302 and its cookie are seen and a page's timing is that page alone.
/// </summary>
internal sealed partial class WebSession : IDisposable
{
    public const string SessionCookie = ".Sorcha.Session";

    private readonly CookieContainer _cookies = new();
    private readonly HttpClient _http;

    private WebSession(Uri gateway, string name)
    {
        Name = name;
        _http = new HttpClient(new SocketsHttpHandler { CookieContainer = _cookies, AllowAutoRedirect = false }) { BaseAddress = gateway };
    }

    public string Name { get; }

    /// <summary>The session cookie's value (a browser context is given it instead of signing in through the form).</summary>
    public string Cookie => _cookies.GetCookies(_http.BaseAddress!)[SessionCookie]?.Value
        ?? throw new InvalidOperationException($"{Name}: no {SessionCookie} cookie");

    public static async Task<WebSession> SignInAsync(Uri gateway, string name)
    {
        var session = new WebSession(gateway, name);
        var form = await session._http.GetStringAsync(new Uri("signin", UriKind.Relative));
        var token = TokenInput().Match(form) is { Success: true } input && TokenValue().Match(input.Value) is { Success: true } value
            ? WebUtility.HtmlDecode(value.Groups[1].Value)
            : throw new InvalidOperationException("/signin has no __RequestVerificationToken input");
        using var answer = await session._http.PostAsync(new Uri("signin", UriKind.Relative), new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["_handler"] = "signin", ["__RequestVerificationToken"] = token, ["Input.Name"] = name,
        }));
        // Blazor's NavigateTo answers with an absolute address: only its path must be the inbox's.
        if (answer.StatusCode != HttpStatusCode.Redirect || answer.Headers.Location is not { } to || new Uri(gateway, to).AbsolutePath != "/")
        {
            throw new InvalidOperationException($"{name}: sign-in answered {(int)answer.StatusCode} {answer.Headers.Location}, not 302 to /");
        }

        _ = session.Cookie; // throws when the 302 came without the session
        return session;
    }

    /// <summary>
    /// One GET, timed from the send to the body's last byte; a 200 whose body contains <paramref name="expect"/> (the
    /// page's title: a redirect to /signin or an error page would be fast and wrong).
    /// </summary>
    public async Task<double> GetAsync(string path, string expect)
    {
        var started = Stopwatch.GetTimestamp();
        using var response = await _http.GetAsync(new Uri(path.TrimStart('/'), UriKind.Relative));
        var body = await response.Content.ReadAsStringAsync();
        var elapsed = Stopwatch.GetElapsedTime(started).TotalMilliseconds;
        return response.StatusCode == HttpStatusCode.OK && body.Contains(expect, StringComparison.Ordinal) ? elapsed
            : throw new InvalidOperationException($"GET {path} as {Name}: {(int)response.StatusCode}, {body.Length} characters without \"{expect}\"");
    }

    public void Dispose() => _http.Dispose();

    // The input Blazor's <AntiforgeryToken /> writes, its attributes in any order.
    [GeneratedRegex("""<input[^>]*name="__RequestVerificationToken"[^>]*>""")]
    private static partial Regex TokenInput();

    [GeneratedRegex("""\svalue="([^"]*)""")]
    private static partial Regex TokenValue();
}
