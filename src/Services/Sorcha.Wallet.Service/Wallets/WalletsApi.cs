using System.Security.Claims;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.Options;
using Sorcha.Contracts;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.ApiPlatform.Problems;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Limits;
using Sorcha.Wallet.Service.Access;
using Sorcha.Wallet.Service.Signing;
using Sorcha.Wallet.Service.Storage;

namespace Sorcha.Wallet.Service.Wallets;

public static class WalletsApi
{
    public const int MaxNameLength = 100;

    public static RouteGroupBuilder MapWalletsApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/wallets").RequireAuthorization().WithTags("Wallets");
        group.MapPost("/", Create).WithName("CreateWallet")
            .WithSummary("Creates a wallet (a new mnemonic, 24 words or wordCount, is shown once), or recovers one from its mnemonic.")
            .ProducesProblem(StatusCodes.Status409Conflict)
            .ProducesProblem(StatusCodes.Status503ServiceUnavailable);
        group.MapGet("/", List).WithName("ListWallets").WithSummary("The caller's wallets, paged.");
        group.MapGet("/{address}", Get).WithName("GetWallet").WithSummary("One of the caller's wallets (another caller's is 404).")
            .ProducesProblem(StatusCodes.Status404NotFound);
        group.MapDelete("/{address}", Delete).WithName("DeleteWallet")
            .WithSummary("Deletes one of the caller's wallets, its keys and its derived addresses (a derived address alone is 409).")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status409Conflict);
        return group;
    }

    private static async Task<Results<Created<CreatedWalletDto>, ValidationProblem, ProblemHttpResult, RetryLater>> Create(
        CreateWalletRequest request, ClaimsPrincipal user, WalletStore store, KeyEncryptionKey kek, RsaKeyGeneration rsa,
        IOptions<LimitsOptions> limits, ILogger<WalletStore> logger, CancellationToken cancellationToken)
    {
        var errors = new FieldErrors();
        var name = errors.Required("name", request.Name, MaxNameLength);
        if (!Algorithms.TryParse(request.Algorithm, out var algorithm))
        {
            errors.Add("algorithm", Algorithms.Allowed);
        }
        else if (request.Mnemonic is not null && algorithm == SignatureAlgorithm.RSA4096)
        {
            errors.Add("mnemonic", "RSA4096 keys are random and cannot be recovered from a mnemonic.");
        }
        else if (request.Mnemonic is not null && !Mnemonics.IsValid(request.Mnemonic))
        {
            errors.Add("mnemonic", "mnemonic is not a valid BIP39 English mnemonic (words or checksum).");
        }

        MnemonicOptions.Validate(request, algorithm, errors);

        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        // A full caller is refused before any key is made (an RSA4096 pair costs seconds of a core); the store checks
        // again when it reserves the slot, atomically with concurrent creations.
        var quota = Quota.Wallets(limits.Value);
        if (quota.IsOn && quota.IsFull(await store.CountAsync(user.CallerId())))
        {
            return WalletProblems.OverQuota(quota);
        }

        // A new ED25519/NISTP256 wallet gets a fresh mnemonic (24 words unless wordCount says), shown once; a recovery
        // echoes none back. The BIP-39 seed (mnemonic and passphrase) is kept sealed for deriving addresses later.
        // RSA4096 keys are random, and costly: they wait for one of a few slots (RsaKeyGeneration).
        var mnemonic = request.Mnemonic
            ?? (algorithm == SignatureAlgorithm.RSA4096 ? null : Mnemonics.Generate(request.WordCount ?? Mnemonics.GeneratedWordCount));
        var seed = mnemonic is null ? null : Mnemonics.ToSeed(mnemonic, request.Passphrase ?? "");
        WalletRecord wallet;
        try
        {
            var keys = seed is not null ? WalletKeyDerivation.FromSeed(algorithm, seed, 0) : await rsa.TryGenerateAsync(cancellationToken);
            if (keys is null)
            {
                return RetryLater.Busy("Too many RSA4096 wallets are being created right now; retry shortly.");
            }

            var at = Addresses.FromPublicKey(algorithm, keys.Signing.PublicKey);
            wallet = new WalletRecord(at, user.CallerId(), name!, algorithm, keys.Signing.PublicKey,
                keys.Encryption.PublicKey, DateTimeOffset.UtcNow, SealedKeys.Seal(kek, at, keys),
                SealedSeed: seed is null ? null : SealedKeys.SealSeed(kek, at, seed));
        }
        finally
        {
            System.Security.Cryptography.CryptographicOperations.ZeroMemory(seed);
        }

        var address = wallet.Address;
        var creation = await store.TryCreateAsync(wallet, quota.Limit);
        if (creation == WalletCreation.OverQuota)
        {
            return WalletProblems.OverQuota(quota);
        }

        if (creation == WalletCreation.Exists)
        {
            return ApiProblems.Conflict("A wallet with this address exists already (was this mnemonic recovered before?).");
        }

        logger.LogInformation("Created {Algorithm} wallet {Address}", algorithm, address);
        var shown = request.Mnemonic is null ? mnemonic : null;
        return TypedResults.Created($"/api/wallets/{address}", WalletDtos.Created(wallet, shown));
    }

    private static async Task<Results<Ok<Paged<WalletDto>>, ValidationProblem>> List(
        int? page, int? pageSize, ClaimsPrincipal user, WalletStore store)
    {
        if (PageQuery.Validate(page, pageSize, out var query) is { } errors)
        {
            return TypedResults.ValidationProblem(errors);
        }

        var (items, total) = await store.ListAsync(user.CallerId(), query.Skip, query.PageSize);
        return TypedResults.Ok(new Paged<WalletDto>([.. items.Select(WalletDtos.From)], query.Page, query.PageSize, total));
    }

    private static async Task<Results<Ok<WalletDto>, ProblemHttpResult>> Get(string address, ClaimsPrincipal user, WalletAccess access) =>
        await access.FindAsync(address, user, WalletUse.Read) is { } wallet
            ? TypedResults.Ok(WalletDtos.From(wallet))
            : WalletProblems.NotFound(address);

    private static async Task<Results<NoContent, ProblemHttpResult>> Delete(string address, ClaimsPrincipal user, WalletStore store, OpenKeys keys,
        WalletAccess access, AccessStore grants)
    {
        if (await access.FindOwnedAsync(address, user) is not { } wallet)
        {
            return WalletProblems.NotFound(address);
        }

        // A derived address belongs to its wallet's key tree and goes with it (an orphan, its wallet gone, may go alone).
        if (wallet.Parent is not null && await store.GetAsync(wallet.Parent) is not null)
        {
            return ApiProblems.Conflict($"'{address}' is account {wallet.Account} of wallet '{wallet.Parent}'; it is deleted with that wallet.",
                "Derived address");
        }

        // Its grants go first and again once no replica serves the record (a grant written meanwhile by a request that
        // read the record before): none may survive to cover a wallet recovered later at the same address.
        await grants.DropAllAsync(wallet.Address);
        await store.DeleteAsync(wallet);
        await grants.DropAllAsync(wallet.Address);
        keys.Drop(wallet.Address); // other replicas drop theirs on the deletion's message
        return TypedResults.NoContent();
    }
}
