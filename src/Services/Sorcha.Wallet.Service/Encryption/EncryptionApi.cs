using System.Security.Claims;
using System.Security.Cryptography;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.ApiPlatform.Problems;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.Wallet.Service.Access;
using Sorcha.Wallet.Service.Signing;
using Sorcha.Wallet.Service.Storage;
using Sorcha.Wallet.Service.Wallets;

namespace Sorcha.Wallet.Service.Encryption;

/// <summary>Wallet-to-wallet encryption: anyone's wallet can be a recipient; only the recipient's owner can decrypt.</summary>
public static class EncryptionApi
{
    public static RouteGroupBuilder MapEncryptionApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/wallets").RequireAuthorization().WithTags("Encryption");
        group.MapPost("/{address}/encrypt", Encrypt).WithName("EncryptForWallet")
            .WithSummary("Seals base64 data (at most 1 MiB decoded) for any wallet, sent by one of the caller's wallets.")
            .WithMetadata(new RequestSizeLimitAttribute(SigningApi.MaxBodyBytes))
            .ProducesProblem(StatusCodes.Status404NotFound);
        group.MapPost("/{address}/decrypt", Decrypt).WithName("DecryptWithWallet")
            .WithSummary("Opens an envelope addressed to one of the caller's wallets.")
            .WithMetadata(new RequestSizeLimitAttribute(SigningApi.MaxBodyBytes))
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status422UnprocessableEntity);
        return group;
    }

    private static async Task<Results<Ok<EnvelopeDto>, ValidationProblem, ProblemHttpResult>> Encrypt(
        string address, EncryptRequest request, ClaimsPrincipal user, WalletStore store, WalletAccess access)
    {
        var errors = new FieldErrors();
        var data = errors.Base64("data", request.Data);
        if (!Addresses.TryParse(request.Recipient ?? "", out _, out _))
        {
            errors.Add("recipient", "recipient must be a wallet address (bech32m, hrp \"ws\").");
        }

        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        if (data!.Length > SigningApi.MaxDataBytes)
        {
            return ApiProblems.TooLarge("data", SigningApi.MaxDataBytes);
        }

        if (await access.FindAsync(address, user, WalletUse.Encrypt) is null)
        {
            return WalletProblems.NotFound(address);
        }

        if (await store.GetAsync(request.Recipient!) is not { } recipient)
        {
            return ApiProblems.NotFound($"No wallet has the address '{request.Recipient}'.", "Recipient not found");
        }

        var envelope = Envelopes.Seal(recipient.Algorithm, recipient.Address, recipient.EncryptionPublicKey, data);
        return TypedResults.Ok(EnvelopeDtos.From(envelope));
    }

    private static async Task<Results<Ok<DecryptResponse>, ValidationProblem, ProblemHttpResult>> Decrypt(
        string address, EnvelopeDto request, ClaimsPrincipal user, WalletAccess access, KeyEncryptionKey kek)
    {
        var errors = new FieldErrors();
        var scheme = errors.Required("scheme", request.Scheme, 64);
        var recipientAddress = errors.Required("recipient", request.Recipient, 128);
        var ephemeral = errors.Base64("ephemeralPublicKey", request.EphemeralPublicKey, required: false);
        var wrapped = errors.Base64("wrappedKey", request.WrappedKey, required: false);
        var nonce = errors.Base64("nonce", request.Nonce);
        var ciphertext = errors.Base64("ciphertext", request.Ciphertext);
        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        if (await access.FindAsync(address, user, WalletUse.Decrypt) is not { } wallet)
        {
            return WalletProblems.NotFound(address);
        }

        if (recipientAddress != wallet.Address)
        {
            return ApiProblems.Unprocessable($"The envelope is addressed to '{recipientAddress}', not to this wallet.");
        }

        if (scheme != EnvelopeSchemes.For(wallet.Algorithm))
        {
            return ApiProblems.Unprocessable($"Scheme '{scheme}' does not fit a {wallet.Algorithm} wallet.");
        }

        var (signingKey, encryptionKey) = SealedKeys.Open(kek, wallet);
        try
        {
            var envelope = new Envelope(scheme!, recipientAddress!, ephemeral, wrapped, nonce!, ciphertext!);
            var plain = Envelopes.Open(envelope, encryptionKey, wallet.EncryptionPublicKey);
            return TypedResults.Ok(new DecryptResponse(plain));
        }
        catch (CryptographicException ex)
        {
            return ApiProblems.Unprocessable($"The envelope could not be opened: {ex.Message}");
        }
        finally
        {
            CryptographicOperations.ZeroMemory(signingKey);
            CryptographicOperations.ZeroMemory(encryptionKey);
        }
    }
}
