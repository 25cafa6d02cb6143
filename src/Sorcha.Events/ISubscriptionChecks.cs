namespace Sorcha.Events;

/// <summary>
/// What the hub asks before adding a connection to a group, as the connection's caller: the hosting service implements
/// it with its calls to the Wallet and Register services, sending <c>accessToken</c> (the connection's bearer token)
/// so those services apply the caller's rights. A hub has no request to forward a token from, hence the parameter.
/// </summary>
public interface ISubscriptionChecks
{
    /// <summary>True when the caller owns <paramref name="address"/> (the Wallet service shows it to its owner only).</summary>
    Task<bool> OwnsWalletAsync(string accessToken, string address, CancellationToken cancellationToken);

    /// <summary>True when the register exists (registers are readable by every authenticated caller).</summary>
    Task<bool> RegisterExistsAsync(string accessToken, string registerId, CancellationToken cancellationToken);
}
