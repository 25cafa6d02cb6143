using System.Globalization;
using Sorcha.Contracts.Wallets;

namespace Sorcha.Client;

/// <summary>Delegation: a wallet's owner grants, revokes and lists access; a delegate lists what was delegated to it.</summary>
public sealed partial class WalletsClient
{
    /// <summary>Grants <paramref name="subject"/> (a token subject) <paramref name="rights"/> on the caller's wallet, or replaces its grant.</summary>
    public Task<AccessGrantDto> GrantAccessAsync(string address, string subject, string rights, DateTimeOffset? expiresAt = null,
        CancellationToken cancellationToken = default) =>
        _transport.SendAsync(HttpMethod.Put, AccessPath(address, subject),
            new GrantAccessRequest(rights, expiresAt?.ToString("O", CultureInfo.InvariantCulture)), Json.GrantAccessRequest,
            Json.AccessGrantDto, cancellationToken);

    /// <summary>Revokes the subject's grant; 404 when there is none.</summary>
    public Task RevokeAccessAsync(string address, string subject, CancellationToken cancellationToken = default) =>
        _transport.DeleteAsync(AccessPath(address, subject), cancellationToken);

    /// <summary>The live grants of the caller's wallet, by subject.</summary>
    public Task<IReadOnlyList<AccessGrantDto>> ListAccessAsync(string address, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(Path(address) + "/access", Json.IReadOnlyListAccessGrantDto, cancellationToken);

    /// <summary>The wallets other callers delegated to this caller, with live grants.</summary>
    public Task<Paged<DelegatedWalletDto>> ListDelegatedAsync(int? page = null, int? pageSize = null, CancellationToken cancellationToken = default) =>
        _transport.GetAsync(ApiTransport.Paging(Root + "/delegated", page, pageSize), Json.PageDelegatedWallet, cancellationToken);

    private static string AccessPath(string address, string subject) => $"{Path(address)}/access/{ApiTransport.Escape(subject)}";
}
