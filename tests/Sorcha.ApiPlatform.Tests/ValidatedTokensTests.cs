using System.Security.Claims;
using Sorcha.ApiPlatform.Auth;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>Remembered token validations: by exact text, never past the token's expiry, bounded, never shared.</summary>
public sealed class ValidatedTokensTests
{
    private static readonly DateTimeOffset Start = new(2026, 11, 26, 12, 0, 0, TimeSpan.Zero);
    private readonly Clock _clock = new();

    [Fact]
    public void A_remembered_token_is_recalled_as_a_copy_until_it_expires_and_then_forgotten()
    {
        var tokens = new ValidatedTokens(_clock);
        var caller = new ClaimsPrincipal(new ClaimsIdentity([new Claim("sub", "alice")], "Bearer"));
        tokens.Remember("Bearer", "a.b.c", caller, Start.AddMinutes(1));

        var recalled = tokens.Recall("Bearer", "a.b.c");
        Assert.NotNull(recalled);
        Assert.NotSame(caller, recalled);
        Assert.Equal("alice", recalled.FindFirst("sub")?.Value);
        Assert.Null(tokens.Recall("Bearer", "a.b.C"));

        _clock.Now = Start.AddMinutes(1);
        Assert.Null(tokens.Recall("Bearer", "a.b.c"));
        Assert.Equal(0, tokens.Count);
    }

    [Fact]
    public void Past_the_bound_expired_tokens_go_first_and_otherwise_all()
    {
        var tokens = new ValidatedTokens(_clock);
        var caller = new ClaimsPrincipal(new ClaimsIdentity([new Claim("sub", "bob")], "Bearer"));
        for (var i = 0; i < ValidatedTokens.MaxTokens; i++)
        {
            tokens.Remember("Bearer", $"t{i}", caller, Start.AddSeconds(i % 2 == 0 ? 10 : 100));
        }

        _clock.Now = Start.AddSeconds(50);
        tokens.Remember("Bearer", "new", caller, Start.AddSeconds(100));
        Assert.Equal(ValidatedTokens.MaxTokens / 2 + 1, tokens.Count);
        Assert.NotNull(tokens.Recall("Bearer", "t1"));

        for (var i = 0; tokens.Count < ValidatedTokens.MaxTokens; i++)
        {
            tokens.Remember("Bearer", $"more{i}", caller, Start.AddSeconds(100));
        }

        tokens.Remember("Bearer", "last", caller, Start.AddSeconds(100));
        Assert.Equal(1, tokens.Count);
    }

    [Fact]
    public void A_token_is_recalled_only_by_the_scheme_that_validated_it()
    {
        var tokens = new ValidatedTokens(_clock);
        var service = new ClaimsPrincipal(new ClaimsIdentity([new Claim("sub", "alice")], "SorchaService"));
        tokens.Remember("SorchaService", "s.e.r", service, Start.AddMinutes(2));

        Assert.Equal("SorchaService", tokens.SchemeOf("s.e.r"));
        Assert.Null(tokens.Recall("Bearer", "s.e.r"));
        Assert.Equal("SorchaService", tokens.Recall("SorchaService", "s.e.r")?.Identity?.AuthenticationType);
        Assert.Null(tokens.SchemeOf("u.s.r"));

        _clock.Now = Start.AddMinutes(2);
        Assert.Null(tokens.SchemeOf("s.e.r"));
    }

    private sealed class Clock : TimeProvider
    {
        public DateTimeOffset Now { get; set; } = Start;

        public override DateTimeOffset GetUtcNow() => Now;
    }
}
