using System.Net.Http.Headers;
using Sorcha.Client;

namespace Sorcha.Web.Identity;

/// <summary>
/// The bearer token of one session for <see cref="Sorcha.Client.SorchaClient"/>: the session's own until a minute
/// before it expires, then a fresh one from <see cref="TokenRefresher"/> (shared by every circuit of the session).
/// </summary>
internal sealed class SessionTokenSource(UserSession session, TokenRefresher refresher, TimeProvider clock) : TokenSource
{
    public static readonly TimeSpan RefreshMargin = TimeSpan.FromMinutes(1);

    public override ValueTask<AuthenticationHeaderValue> GetHeaderAsync(CancellationToken cancellationToken) =>
        session.Tokens is { } tokens && clock.GetUtcNow() < tokens.ExpiresAt - RefreshMargin
            ? ValueTask.FromResult(new AuthenticationHeaderValue("Bearer", tokens.AccessToken))
            : new ValueTask<AuthenticationHeaderValue>(RefreshAsync(cancellationToken));

    /// <summary>The access token itself, for the hub's connection (SignalR asks for the token, not a header).</summary>
    public async Task<string?> AccessTokenAsync(CancellationToken cancellationToken = default) =>
        (await GetHeaderAsync(cancellationToken)).Parameter;

    private async Task<AuthenticationHeaderValue> RefreshAsync(CancellationToken cancellationToken) =>
        new("Bearer", (await refresher.RefreshAsync(session, cancellationToken)).AccessToken);
}
