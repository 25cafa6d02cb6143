namespace Sorcha.Web.Identity;

/// <summary>
/// One signed-in browser: the caller's subject, and the bearer token the web server uses for them. It lives only in
/// this process's memory (<see cref="UserSessions"/>); the browser holds an id for it in its one HttpOnly cookie, never
/// the token (backend for frontend, docs/web.md).
/// </summary>
public sealed class UserSession(string id, string subject, string name, SessionKind kind)
{
    public string Id => id;

    /// <summary>The token's <c>sub</c>: the caller the API sees.</summary>
    public string Subject => subject;

    public string Name => name;

    public SessionKind Kind => kind;

    /// <summary>Held while the token is refreshed, so that one circuit's refresh serves the others of this session.</summary>
    internal SemaphoreSlim Refreshing { get; } = new(1, 1);

    internal SessionTokens Tokens { get; set; } = SessionTokens.None;

    /// <summary>Set when a refresh failed for good: every later call says to sign in again.</summary>
    public bool Ended { get; internal set; }
}

/// <summary>How the session got its token, and so how it refreshes it.</summary>
public enum SessionKind
{
    /// <summary>A development token for the name (the development secret stays on this server).</summary>
    Development,

    /// <summary>The configured OpenID Connect issuer: its refresh token.</summary>
    OpenIdConnect,
}

/// <summary>An access token, when it expires, and the refresh token that renews it (OpenID Connect only).</summary>
internal sealed record SessionTokens(string AccessToken, DateTimeOffset ExpiresAt, string? RefreshToken)
{
    public static readonly SessionTokens None = new("", DateTimeOffset.MinValue, null);
}
