using Sorcha.Client;
using Sorcha.Events;

namespace Sorcha.Blueprint.Service.Platform;

/// <summary>
/// The live-events hub's checks, asked of the Wallet and Register services with the connection's own token (a hub
/// call has no request whose token <c>CallerTokenHandler</c> could forward): 200 is a yes, 404 a no, anything else
/// (unreachable, 429, 5xx) an exception the hub turns into "try again".
/// </summary>
public sealed class EventSubscriptionChecks(PlatformClients clients) : ISubscriptionChecks
{
    public Task<bool> OwnsWalletAsync(string accessToken, string address, CancellationToken cancellationToken) =>
        FoundAsync(() => clients.WalletsAs(accessToken).GetAsync(address, cancellationToken));

    public Task<bool> RegisterExistsAsync(string accessToken, string registerId, CancellationToken cancellationToken) =>
        FoundAsync(() => clients.RegistersAs(accessToken).GetAsync(registerId, cancellationToken));

    private static async Task<bool> FoundAsync(Func<Task> read)
    {
        try
        {
            await read();
            return true;
        }
        catch (SorchaApiException e) when (e.Status is StatusCodes.Status404NotFound or StatusCodes.Status400BadRequest)
        {
            return false; // another caller's wallet is 404 too; a malformed id names nothing
        }
    }
}
