using System.Net.Http.Headers;

namespace Sorcha.Client;

/// <summary>
/// Development tokens (client credentials against <c>POST /api/auth/token</c>), fetched on first use and cached until
/// a minute before they expire; concurrent callers share one fetch. In Development any <c>client_id</c> with the
/// development secret gets a token whose <c>sub</c> is that id, so two ids are two callers.
/// </summary>
public sealed class DevTokenSource : TokenSource, IDisposable
{
    private static readonly TimeSpan RefreshMargin = TimeSpan.FromMinutes(1);

    private readonly AuthClient _auth;
    private readonly string _clientId;
    private readonly string _clientSecret;
    private readonly TimeProvider _clock;
    private readonly SemaphoreSlim _fetch = new(1, 1);
    private volatile Cached? _cached;

    /// <param name="http">An HttpClient whose BaseAddress is the gateway (the same one the SorchaClient uses is fine).</param>
    public DevTokenSource(HttpClient http, string clientId, string clientSecret, TimeProvider? clock = null)
    {
        _auth = new AuthClient(http);
        _clientId = clientId;
        _clientSecret = clientSecret;
        _clock = clock ?? TimeProvider.System;
    }

    public string ClientId => _clientId;

    public override ValueTask<AuthenticationHeaderValue> GetHeaderAsync(CancellationToken cancellationToken) =>
        _cached is { } cached && _clock.GetUtcNow() < cached.RefreshAt
            ? ValueTask.FromResult(cached.Header)
            : new ValueTask<AuthenticationHeaderValue>(FetchAsync(cancellationToken));

    private async Task<AuthenticationHeaderValue> FetchAsync(CancellationToken cancellationToken)
    {
        await _fetch.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            // Another caller may have refreshed it while this one waited.
            if (_cached is { } cached && _clock.GetUtcNow() < cached.RefreshAt)
            {
                return cached.Header;
            }

            var token = await _auth.RequestTokenAsync(_clientId, _clientSecret, cancellationToken).ConfigureAwait(false);
            var lifetime = TimeSpan.FromSeconds(token.ExpiresIn);
            var refreshAt = _clock.GetUtcNow() + (lifetime > 2 * RefreshMargin ? lifetime - RefreshMargin : lifetime / 2);
            var header = new AuthenticationHeaderValue(token.TokenType ?? "Bearer", token.AccessToken);
            _cached = new Cached(header, refreshAt);
            return header;
        }
        finally
        {
            _fetch.Release();
        }
    }

    public void Dispose() => _fetch.Dispose();

    private sealed record Cached(AuthenticationHeaderValue Header, DateTimeOffset RefreshAt);
}
