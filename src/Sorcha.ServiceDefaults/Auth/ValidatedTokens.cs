using System.Collections.Concurrent;
using System.Security.Claims;
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

namespace Sorcha.ServiceDefaults.Auth;

/// <summary>
/// Bearer tokens this process has validated, remembered until they expire, so that the next request with the same
/// token skips parsing and the signature check: a client sends one token many times (an action forwards its caller's
/// token to the Wallet service five times), and validation was about 8 % of a Wallet sign's CPU (docs/performance.md,
/// "Wallet reads and signs"). Nothing a caller can do changes: a token stays what it was until it expires (tokens
/// cannot be revoked earlier, docs/api.md), only a token that passed every check (signature, issuer, audience, lifetime, subject) is
/// remembered, it is recalled only by its exact text and never past its own expiry (stricter than the validation's
/// clock skew). At most <see cref="MaxTokens"/> are kept; past that the expired go, and if none has, all.
/// </summary>
public sealed class ValidatedTokens(TimeProvider clock)
{
    public const int MaxTokens = 10_000;

    private readonly ConcurrentDictionary<string, (ClaimsPrincipal Principal, DateTimeOffset Expires)> _tokens = new(StringComparer.Ordinal);

    public int Count => _tokens.Count;

    public void Remember(string token, ClaimsPrincipal principal, DateTimeOffset expires)
    {
        if (_tokens.Count >= MaxTokens)
        {
            var now = clock.GetUtcNow();
            foreach (var expired in _tokens.Where(t => t.Value.Expires <= now))
            {
                _tokens.TryRemove(expired);
            }

            if (_tokens.Count >= MaxTokens)
            {
                _tokens.Clear();
            }
        }

        _tokens[token] = (principal, expires);
    }

    /// <summary>A copy of the remembered caller (requests never share one), or null when unknown or expired.</summary>
    public ClaimsPrincipal? Recall(string token)
    {
        if (!_tokens.TryGetValue(token, out var known))
        {
            return null;
        }

        if (known.Expires > clock.GetUtcNow())
        {
            return known.Principal.Clone();
        }

        _tokens.TryRemove(new KeyValuePair<string, (ClaimsPrincipal, DateTimeOffset)>(token, known));
        return null;
    }

    /// <summary>Hooks the memory into the JWT bearer scheme, after every other check of a token (registered last).</summary>
    internal static void RememberValidatedTokens(IServiceCollection services)
    {
        services.TryAddSingleton(TimeProvider.System);
        services.AddSingleton<ValidatedTokens>();
        services.AddOptions<JwtBearerOptions>(JwtBearerDefaults.AuthenticationScheme).PostConfigure<ValidatedTokens>((o, memory) =>
        {
            o.Events ??= new JwtBearerEvents();
            var received = o.Events.OnMessageReceived;
            var validated = o.Events.OnTokenValidated;
            o.Events.OnMessageReceived = async context =>
            {
                await received(context);
                if (context.Result is null && Bearer(context.Request.Headers.Authorization.ToString()) is { } token
                    && memory.Recall(token) is { } principal)
                {
                    context.Principal = principal;
                    context.Properties ??= new AuthenticationProperties();
                    context.Success();
                }
            };
            o.Events.OnTokenValidated = async context =>
            {
                await validated(context);
                if (context.Result is null && context.Principal is { } principal
                    && Bearer(context.Request.Headers.Authorization.ToString()) is { } token)
                {
                    memory.Remember(token, principal.Clone(), new DateTimeOffset(context.SecurityToken.ValidTo, TimeSpan.Zero));
                }
            };
        });
    }

    private static string? Bearer(string header) =>
        header.StartsWith("Bearer ", StringComparison.OrdinalIgnoreCase) && header.Length > 7 ? header[7..].Trim() : null;
}
