using System.Net.Http.Headers;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Memory;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Client;

namespace Sorcha.Blueprint.Service.Platform;

/// <summary>
/// This service's own token for the Transaction service (<see cref="ServiceTokens"/>): workflow steps (metadata type
/// Action) are committed with it, never with the caller's token, because the Transaction service accepts them only
/// from here, after this service's checks. Wallet calls still carry the caller's token (the caller's own wallets).
/// <para>
/// A token is minted once per (caller, writer) and used for <see cref="Reuse"/>, half of its two-minute lifetime, so
/// each one still has a minute to run when it is last sent: a participant submits step after step, and minting (and
/// the Transaction service validating) a fresh token for each was part of every action's cost. It says nothing another
/// mint would not (same subject, writer and issuer; the writer's right is checked on every commit), and it could be
/// sent again for its whole lifetime anyway. At most <see cref="MaxTokens"/> (<see cref="BoundedMap{TKey, TValue}"/>).
/// </para>
/// </summary>
public sealed class ServiceIdentity(IOptions<ServiceTokenOptions> options, TimeProvider clock)
{
    /// <summary>How long one minted token is used; ServiceTokens mints them for two minutes.</summary>
    public static readonly TimeSpan Reuse = TimeSpan.FromMinutes(1);

    public const int MaxTokens = 10_000;

    private const string Name = "blueprint";

    private readonly byte[]? _key = options.Value.Key();
    private readonly BoundedMap<(string Caller, string Writer), (AuthenticationHeaderValue Header, DateTimeOffset Until)> _tokens =
        new(MaxTokens, t => t.Until <= clock.GetUtcNow());

    /// <summary>
    /// A service token acting for <paramref name="caller"/> (the subject of the caller's validated token) with the write
    /// right of <paramref name="writer"/> (the instance's creator), which the Transaction service checks.
    /// </summary>
    public TokenSource For(string caller, string writer) => _key is null
        ? throw ProblemException.Unavailable(
            $"This Blueprint service has no service key ({ServiceTokens.SigningKeyConfigKey}) to commit with; try again later.")
        : TokenSource.Fixed(Header(caller, writer, _key));

    private AuthenticationHeaderValue Header(string caller, string writer, byte[] key)
    {
        var now = clock.GetUtcNow();
        if (_tokens.TryGetValue((caller, writer), out var known) && known.Until > now)
        {
            return known.Header;
        }

        var header = new AuthenticationHeaderValue("Bearer", ServiceTokens.Create(key, Name, caller, writer));
        _tokens.Set((caller, writer), (header, now + Reuse));
        return header;
    }
}
