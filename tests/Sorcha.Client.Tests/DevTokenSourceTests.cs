using System.Net;

namespace Sorcha.Client.Tests;

/// <summary>Development tokens are fetched once, shared by concurrent callers, and refreshed before they expire.</summary>
public sealed class DevTokenSourceTests
{
    [Fact]
    public async Task Tokens_are_cached_shared_and_refreshed_a_minute_before_expiry()
    {
        var issued = 0;
        var stub = new ScriptedHandler(_ => ScriptedHandler.Json(HttpStatusCode.OK,
            $$"""{"access_token":"token-{{Interlocked.Increment(ref issued)}}","token_type":"Bearer","expires_in":3600}"""));
        using var http = stub.Client();
        var clock = new TokenClock();
        using var tokens = new DevTokenSource(http, "alice", "secret", clock);

        var first = await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => tokens.GetHeaderAsync(CancellationToken.None).AsTask()));
        Assert.All(first, h => Assert.Equal("Bearer token-1", h.ToString()));
        clock.Advance(TimeSpan.FromMinutes(58));
        Assert.Equal("token-1", (await tokens.GetHeaderAsync(CancellationToken.None)).Parameter);
        clock.Advance(TimeSpan.FromMinutes(1.5));
        Assert.Equal("token-2", (await tokens.GetHeaderAsync(CancellationToken.None)).Parameter);

        Assert.Equal(2, stub.Requests.Count);
        var (_, uri, authorization, body) = stub.Requests[0];
        Assert.Equal("/api/auth/token", uri.AbsolutePath);
        Assert.Null(authorization);
        Assert.Equal("grant_type=client_credentials&client_id=alice&client_secret=secret", body);
    }

    [Fact]
    public async Task A_refused_token_request_is_a_problem_with_the_oauth_error()
    {
        using var http = new ScriptedHandler(_ => ScriptedHandler.Json(HttpStatusCode.Unauthorized,
            """{"title":"Unauthorized","status":401,"detail":"wrong secret","error":"invalid_client"}""", "application/problem+json")).Client();
        using var tokens = new DevTokenSource(http, "alice", "nope");
        var e = await Assert.ThrowsAsync<SorchaApiException>(() => tokens.GetHeaderAsync(CancellationToken.None).AsTask());
        Assert.Equal("invalid_client", e.Extensions["error"].GetString());
    }

    private sealed class TokenClock : TimeProvider
    {
        private DateTimeOffset _now = new(2025, 1, 1, 0, 0, 0, TimeSpan.Zero);

        public override DateTimeOffset GetUtcNow() => _now;

        public void Advance(TimeSpan by) => _now += by;
    }
}
