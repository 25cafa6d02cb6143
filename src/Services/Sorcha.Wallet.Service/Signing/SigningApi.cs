using System.Security.Claims;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.ApiPlatform.Problems;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.Wallet.Service.Access;
using Sorcha.Wallet.Service.Storage;
using Sorcha.Wallet.Service.Wallets;

namespace Sorcha.Wallet.Service.Signing;

public static class SigningApi
{
    /// <summary>Largest message a wallet signs or encrypts, decoded (docs/api.md); larger is 413.</summary>
    public const int MaxDataBytes = 1024 * 1024;

    /// <summary>Body limit of the data routes: 1 MiB as base64 (4/3 of it) plus the other members, with room to spare.</summary>
    public const long MaxBodyBytes = 2 * 1024 * 1024;

    public static RouteGroupBuilder MapSigningApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/wallets").RequireAuthorization().WithTags("Signing");
        group.MapPost("/{address}/sign", Sign).WithName("SignWithWallet")
            .WithSummary("Signs base64 data (at most 1 MiB decoded) with one of the caller's wallets.")
            .WithMetadata(new RequestSizeLimitAttribute(MaxBodyBytes))
            .ProducesProblem(StatusCodes.Status404NotFound);
        group.MapPost("/verify", Verify).WithName("VerifySignature")
            .WithSummary("Checks a signature against a public key; a wrong-length signature is valid: false.")
            .WithMetadata(new RequestSizeLimitAttribute(MaxBodyBytes));
        return group;
    }

    private static async Task<Results<Ok<SignResponse>, ValidationProblem, ProblemHttpResult>> Sign(
        string address, SignRequest request, ClaimsPrincipal user, WalletAccess access, KeyEncryptionKey kek, OpenKeys keys)
    {
        var errors = new FieldErrors();
        var data = errors.Base64("data", request.Data);
        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        if (data!.Length > MaxDataBytes)
        {
            return ApiProblems.TooLarge("data", MaxDataBytes);
        }

        if (await access.FindAsync(address, user, WalletUse.Sign) is not { } wallet)
        {
            return WalletProblems.NotFound(address);
        }

        var signature = keys.Sign(kek, wallet, data);
        return TypedResults.Ok(new SignResponse(signature, wallet.PublicKey, wallet.Algorithm));
    }

    private static Results<Ok<VerifyResponse>, ValidationProblem, ProblemHttpResult> Verify(VerifyRequest request)
    {
        var errors = new FieldErrors();
        if (!Algorithms.TryParse(request.Algorithm, out var algorithm))
        {
            errors.Add("algorithm", Algorithms.Allowed);
        }

        var publicKey = errors.Base64("publicKey", request.PublicKey);
        var data = errors.Base64("data", request.Data);
        var signature = errors.Base64("signature", request.Signature);
        if (publicKey is not null && !errors.Any && !Signatures.IsValidPublicKey(algorithm, publicKey))
        {
            errors.Add("publicKey", $"publicKey is not a valid {algorithm} public key (see api.md Key formats).");
        }

        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        if (data!.Length > MaxDataBytes)
        {
            return ApiProblems.TooLarge("data", MaxDataBytes);
        }

        return TypedResults.Ok(new VerifyResponse(Signatures.Verify(algorithm, publicKey, data, signature)));
    }
}
