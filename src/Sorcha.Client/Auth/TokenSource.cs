using System.Net.Http.Headers;

namespace Sorcha.Client;

/// <summary>
/// Where a <see cref="SorchaClient"/> gets the bearer token for each request. The header is set per request (not on
/// HttpClient.DefaultRequestHeaders), so one pooled HttpClient can act for many callers at once.
/// </summary>
public abstract class TokenSource
{
    /// <summary>The Authorization header to send now; implementations should answer from a cache on the hot path.</summary>
    public abstract ValueTask<AuthenticationHeaderValue> GetHeaderAsync(CancellationToken cancellationToken);

    /// <summary>A token obtained elsewhere (e.g. from your OIDC provider), sent as is until it expires.</summary>
    public static TokenSource Fixed(string accessToken) => new FixedTokenSource(new AuthenticationHeaderValue("Bearer", accessToken));

    /// <inheritdoc cref="Fixed(string)"/>
    public static TokenSource Fixed(AuthenticationHeaderValue header) => new FixedTokenSource(header);

    private sealed class FixedTokenSource(AuthenticationHeaderValue header) : TokenSource
    {
        public override ValueTask<AuthenticationHeaderValue> GetHeaderAsync(CancellationToken cancellationToken) => ValueTask.FromResult(header);
    }
}
