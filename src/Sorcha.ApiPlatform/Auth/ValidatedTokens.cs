using System.Security.Claims;
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Sorcha.ApiPlatform.Memory;

namespace Sorcha.ApiPlatform.Auth;

/// <summary>
/// Bearer tokens this process has validated, remembered until they expire, so that the next request with the same
/// token skips parsing and the signature check: a client sends one token many times (an action forwards its caller's
/// token to the Wallet service, and the Blueprint service reuses its service token for a minute), and validation was
/// about 8 % of a Wallet sign's CPU (docs/performance.md, "Wallet reads and signs"). Nothing a caller can do changes:
/// a token stays what it was until it expires (tokens cannot be revoked earlier, docs/api.md), only a token that passed
/// every check of its scheme (signature, issuer, audience, lifetime, subject) is remembered, with that scheme, and it
/// is recalled only by its exact text, only by that scheme and never past its own expiry (stricter than the
/// validation's clock skew). At most <see cref="MaxTokens"/> (<see cref="BoundedMap{TKey, TValue}"/>).
/// </summary>
public sealed class ValidatedTokens
{
    public const int MaxTokens = 10_000;

    private readonly TimeProvider _clock;
    private readonly BoundedMap<string, Validated> _tokens;

    public ValidatedTokens(TimeProvider clock)
    {
        _clock = clock;
        _tokens = new(MaxTokens, t => t.Expires <= clock.GetUtcNow(), StringComparer.Ordinal);
    }

    public int Count => _tokens.Count;

    public void Remember(string scheme, string token, ClaimsPrincipal principal, DateTimeOffset expires) =>
        _tokens.Set(token, new Validated(scheme, principal, expires));

    /// <summary>A copy of the caller <paramref name="scheme"/> validated (requests never share one), or null when unknown or expired.</summary>
    public ClaimsPrincipal? Recall(string scheme, string token) =>
        Find(token) is { } known && known.Scheme == scheme ? known.Principal.Clone() : null;

    /// <summary>When a remembered token expires, or null when it is not remembered.</summary>
    public DateTimeOffset? ExpiresOf(string token) => Find(token)?.Expires;

    /// <summary>The scheme that validated this token, while it is remembered: a selector need not read its issuer again.</summary>
    public string? SchemeOf(string token) => Find(token)?.Scheme;

    private Validated? Find(string token)
    {
        if (!_tokens.TryGetValue(token, out var known))
        {
            return null;
        }

        if (known.Expires > _clock.GetUtcNow())
        {
            return known;
        }

        _tokens.Remove(token, known);
        return null;
    }

    /// <summary>Hooks the memory into a JWT bearer scheme, after every other check of a token (registered last).</summary>
    internal static void RememberFor(IServiceCollection services, string scheme)
    {
        services.TryAddSingleton(TimeProvider.System);
        services.TryAddSingleton<ValidatedTokens>();
        services.AddOptions<JwtBearerOptions>(scheme).PostConfigure<ValidatedTokens>((o, memory) =>
        {
            o.Events ??= new JwtBearerEvents();
            var received = o.Events.OnMessageReceived;
            var validated = o.Events.OnTokenValidated;
            o.Events.OnMessageReceived = async context =>
            {
                await received(context);
                if (context.Result is null && Bearer(context.Request.Headers.Authorization.ToString()) is { } token
                    && memory.Recall(scheme, token) is { } principal)
                {
                    context.Principal = principal;
                    context.Properties ??= new AuthenticationProperties();
                    // As the handler sets it: what ends a long-lived connection with its token (the events hub).
                    context.Properties.ExpiresUtc = memory.ExpiresOf(token);
                    context.Success();
                }
            };
            o.Events.OnTokenValidated = async context =>
            {
                await validated(context);
                if (context.Result is null && context.Principal is { } principal
                    && Bearer(context.Request.Headers.Authorization.ToString()) is { } token)
                {
                    memory.Remember(scheme, token, principal.Clone(), new DateTimeOffset(context.SecurityToken.ValidTo, TimeSpan.Zero));
                }
            };
        });
    }

    /// <summary>The token of an <c>Authorization: Bearer …</c> header, or null.</summary>
    internal static string? Bearer(string header) =>
        header.StartsWith("Bearer ", StringComparison.OrdinalIgnoreCase) && header.Length > 7 ? header[7..].Trim() : null;

    private sealed record Validated(string Scheme, ClaimsPrincipal Principal, DateTimeOffset Expires);
}
