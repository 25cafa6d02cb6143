using System.Security.Claims;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.Contracts;
using Sorcha.Contracts.Wallets;
using Sorcha.Wallet.Service.Access;
using Sorcha.Wallet.Service.Storage;
using Sorcha.Wallet.Service.Wallets;

namespace Sorcha.Wallet.Service.Derivation;

/// <summary>
/// Derived addresses: account n ≥ 1 of a wallet's seed (<see cref="DerivedAddresses"/>), each a wallet of its own to
/// every other route (sign, encrypt, decrypt, transactions, read, list) and to the Blueprint service.
/// </summary>
public static class AddressesApi
{
    public static RouteGroupBuilder MapAddressesApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/wallets/{address}/addresses").RequireAuthorization().WithTags("Wallets");
        group.MapPost("/", Derive).WithName("DeriveAddress")
            .WithSummary("Derives the wallet's next address (account n: m/44'/6142'/n'/0'/0' signs, …/1' encrypts).")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status409Conflict);
        group.MapGet("/", List).WithName("ListDerivedAddresses").WithSummary("The wallet's derived addresses in account order, paged.")
            .ProducesProblem(StatusCodes.Status404NotFound);
        return group;
    }

    private static async Task<Results<Created<WalletDto>, ProblemHttpResult>> Derive(string address, ClaimsPrincipal user,
        WalletStore store, WalletAccess access, KeyEncryptionKey kek, IOptions<LimitsOptions> limits, ILogger<WalletStore> logger)
    {
        if (await access.FindOwnedAsync(address, user) is not { } wallet)
        {
            return WalletProblems.NotFound(address);
        }

        if (DerivedAddresses.Refusal(wallet) is { } refusal)
        {
            return refusal;
        }

        var outcome = await DerivedAddresses.DeriveNextAsync(wallet, store, kek, limits.Value);
        if (outcome.Address is { } derived)
        {
            logger.LogInformation("Derived account {Account} of wallet {Wallet}: {Address}", derived.Account, wallet.Address, derived.Address);
            return TypedResults.Created($"/api/wallets/{derived.Address}", WalletDtos.From(derived));
        }

        return outcome.Problem!;
    }

    private static async Task<Results<Ok<Paged<WalletDto>>, ValidationProblem, ProblemHttpResult>> List(
        string address, int? page, int? pageSize, ClaimsPrincipal user, WalletStore store, WalletAccess access)
    {
        if (PageQuery.Validate(page, pageSize, out var query) is { } errors)
        {
            return TypedResults.ValidationProblem(errors);
        }

        // A delegate with read rights lists them as it reads the wallet.
        if (await access.FindAsync(address, user, WalletUse.Read) is null)
        {
            return WalletProblems.NotFound(address);
        }

        var (items, total) = await store.ListDerivedAsync(address, query.Skip, query.PageSize);
        return TypedResults.Ok(new Paged<WalletDto>([.. items.Select(WalletDtos.From)], query.Page, query.PageSize, total));
    }
}
