using System.Net.Http.Headers;
using Microsoft.IdentityModel.JsonWebTokens;
using Sorcha.Blueprint.Service.Problems;
using Sorcha.ServiceDefaults.Auth;

namespace Sorcha.Blueprint.Service.Downstream;

/// <summary>
/// This service's own token for the Transaction service (<see cref="ServiceTokens"/>): workflow steps (metadata type
/// Action) are committed with it, never with the caller's token, because the Transaction service accepts them only
/// from here, after this service's checks. Wallet calls still carry the caller's token (the caller's own wallets).
/// </summary>
public sealed class ServiceIdentity(IConfiguration configuration)
{
    private const string Name = "blueprint";

    private readonly byte[]? _key = ServiceTokens.ConfiguredKey(configuration);

    /// <summary>
    /// A service token acting for the caller whose (already validated) token is <paramref name="callerToken"/>: its
    /// subject is read from the forwarded header rather than from the HttpContext, because a claimed step is carried
    /// through after the client leaves. <paramref name="writer"/> is the instance's creator, whose write right the
    /// Transaction service checks.
    /// </summary>
    public AuthenticationHeaderValue For(AuthenticationHeaderValue callerToken, string writer)
    {
        if (_key is null)
        {
            throw ProblemException.Unavailable("transaction", $"this Blueprint service has no service key ({ServiceTokens.SigningKeyConfigKey})");
        }

        var subject = new JsonWebTokenHandler().ReadJsonWebToken(callerToken.Parameter ?? "").Subject;
        return new AuthenticationHeaderValue("Bearer", ServiceTokens.Create(_key, Name, subject, writer));
    }
}
