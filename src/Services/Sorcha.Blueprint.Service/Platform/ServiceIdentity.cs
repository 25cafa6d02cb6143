using System.Net.Http.Headers;
using Microsoft.Extensions.Options;
using Sorcha.Client;
using Sorcha.ServiceDefaults.Auth;
using Sorcha.ServiceDefaults.Problems;

namespace Sorcha.Blueprint.Service.Platform;

/// <summary>
/// This service's own token for the Transaction service (<see cref="ServiceTokens"/>): workflow steps (metadata type
/// Action) are committed with it, never with the caller's token, because the Transaction service accepts them only
/// from here, after this service's checks. Wallet calls still carry the caller's token (the caller's own wallets).
/// </summary>
public sealed class ServiceIdentity(IOptions<ServiceTokenOptions> options)
{
    private const string Name = "blueprint";

    private readonly byte[]? _key = options.Value.Key();

    /// <summary>
    /// A service token acting for <paramref name="caller"/> (the subject of the caller's validated token) with the write
    /// right of <paramref name="writer"/> (the instance's creator), which the Transaction service checks.
    /// </summary>
    public TokenSource For(string caller, string writer) => _key is null
        ? throw ProblemException.Unavailable(
            $"This Blueprint service has no service key ({ServiceTokens.SigningKeyConfigKey}) to commit with; try again later.")
        : TokenSource.Fixed(new AuthenticationHeaderValue("Bearer", ServiceTokens.Create(_key, Name, caller, writer)));
}
