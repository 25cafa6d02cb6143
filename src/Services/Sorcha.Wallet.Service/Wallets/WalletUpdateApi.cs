using System.Security.Claims;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Contracts.Wallets;
using Sorcha.Wallet.Service.Storage;

namespace Sorcha.Wallet.Service.Wallets;

/// <summary><c>PATCH /api/wallets/{address}</c>: renames and tags one of the caller's wallets (or derived addresses).</summary>
public static class WalletUpdateApi
{
    public static void MapWalletUpdateApi(this IEndpointRouteBuilder app) =>
        app.MapPatch("/api/wallets/{address}", Update).RequireAuthorization().WithTags("Wallets").WithName("UpdateWallet")
            .WithSummary("Changes a wallet's name and tags (JSON Merge Patch: members left out stay; a tag set to null goes).")
            .Accepts<UpdateWalletRequest>("application/json", "application/merge-patch+json")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status409Conflict)
            .ProducesProblem(StatusCodes.Status422UnprocessableEntity);

    private static async Task<Results<Ok<WalletDto>, ValidationProblem, ProblemHttpResult>> Update(
        string address, UpdateWalletRequest request, ClaimsPrincipal user, WalletStore store)
    {
        var errors = new FieldErrors();
        if (request.NameGiven)
        {
            errors.Required("name", request.Name, WalletsApi.MaxNameLength);
        }

        if (request.Tags is not null)
        {
            WalletTags.Validate(request.Tags, errors);
        }

        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        // Applied to the record as stored at the moment of writing (a compare-and-set), so a concurrent PATCH of the
        // other member, on any replica, is kept.
        var (outcome, wallet) = await store.UpdateAsync(address, user.CallerId(), stored =>
        {
            var name = request.NameGiven ? request.Name! : stored.Name;
            var tags = request.TagsGiven ? WalletTags.Merge(stored.Tags, request.Tags) : stored.Tags;
            if (tags is not null && tags.Count > WalletTags.MaxTags)
            {
                return null;
            }

            return name == stored.Name && WalletTags.Same(tags, stored.Tags) ? stored : stored with { Name = name, Tags = tags };
        });
        return outcome switch
        {
            WalletUpdate.Updated => TypedResults.Ok(WalletDtos.From(wallet!)),
            WalletUpdate.NotFound => WalletProblems.NotFound(address),
            WalletUpdate.Refused => ApiProblems.Invalid("Too many tags",
                $"The wallet would hold more than {WalletTags.MaxTags} tags; remove some (set them to null) in the same patch.",
                new Dictionary<string, string[]> { ["tags"] = [$"A wallet holds at most {WalletTags.MaxTags} tags."] }),
            _ => ApiProblems.Conflict("The wallet kept changing while this patch was applied; send it again.", "Concurrent change"),
        };
    }
}
