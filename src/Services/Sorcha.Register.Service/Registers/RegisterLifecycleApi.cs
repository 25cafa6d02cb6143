using System.Security.Claims;
using System.Security.Cryptography;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.Contracts.Registers;
using Sorcha.Ledger.Tombstones;
using Sorcha.Register.Service.Sealing;
using Sorcha.Register.Service.Storage;
using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Registers;

/// <summary>
/// The owner's say over a register's life: rename and describe it, archive it (its last docket is sealed and it takes
/// no more transactions, while every read, proof, verify and export goes on), then delete it, leaving a tombstone
/// signed with the register's key. Another caller gets the 404 of an unknown id on each of these routes.
/// </summary>
public static class RegisterLifecycleApi
{
    public const int MaxDescriptionLength = 1000;

    public static void MapRegisterLifecycleApi(this RouteGroupBuilder group)
    {
        group.MapPatch("/{id}", Update).WithName("UpdateRegister")
            .WithSummary("Renames and describes a register (JSON Merge Patch; owner only). A description set to null or \"\" goes.")
            .Accepts<UpdateRegisterRequest>("application/json", "application/merge-patch+json")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status410Gone);
        group.MapPost("/{id}/archive", Archive).WithName("ArchiveRegister")
            .WithSummary("Closes a register for good (owner only): its last docket is sealed; later transactions are refused with 409.")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status410Gone);
        group.MapDelete("/{id}", Delete).WithName("DeleteRegister")
            .WithSummary("Deletes an archived register (owner only): its data goes, a tombstone signed with its key stays (GET answers 410).")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status409Conflict)
            .ProducesProblem(StatusCodes.Status410Gone);
    }

    private static async Task<Results<Ok<RegisterDto>, ValidationProblem, ProblemHttpResult>> Update(
        string id, UpdateRegisterRequest request, ClaimsPrincipal user, RegisterStore store)
    {
        var errors = new FieldErrors();
        var name = request.NameGiven ? errors.Required("name", request.Name, RegistersApi.MaxNameLength) : null;
        if (request.Description is { Length: > MaxDescriptionLength })
        {
            errors.Add("description", $"description must be at most {MaxDescriptionLength} characters.");
        }

        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        var description = request.DescriptionGiven
            ? new DescriptionChange(true, string.IsNullOrEmpty(request.Description) ? null : request.Description)
            : DescriptionChange.Keep;
        return await store.UpdateAsync(id, user.CallerId(), name, description) == LifecycleChange.Done
            ? await CurrentAsync(id, store)
            : await NotFoundOrGoneAsync(id, store);
    }

    /// <summary>
    /// The archive step, then the sealer until every transaction is in a docket. Archiving again is 200 with the same
    /// register (and finishes the sealing if an earlier answer was lost before it was done).
    /// </summary>
    private static async Task<Results<Ok<RegisterDto>, ValidationProblem, ProblemHttpResult>> Archive(
        string id, ClaimsPrincipal user, RegisterStore store, RegisterSealer sealer, TimeProvider time, ILogger<RegisterSealer> logger)
    {
        switch (await store.ArchiveAsync(id, user.CallerId(), time.GetUtcNow()))
        {
            case LifecycleChange.NotFound:
                return RegisterProblems.NotFound(id);
            case LifecycleChange.Deleted:
                return await NotFoundOrGoneAsync(id, store);
            case LifecycleChange.Done:
                logger.LogInformation("Archived register {RegisterId}", id);
                break;
        }

        // SealDueAsync seals up to 200 dockets per call and the height no longer moves, so a few calls end it; should
        // they not (a store that fails), the background sealer finishes, and the answer's height is final all the same.
        for (var round = 0; round < 8 && await sealer.SealDueAsync(id) > 0; round++)
        {
            logger.LogDebug("Register {RegisterId}: sealing its final dockets, round {Round}", id, round);
        }

        return await CurrentAsync(id, store);
    }

    private static async Task<Results<Ok<Tombstone>, ProblemHttpResult>> Delete(
        string id, ClaimsPrincipal user, RegisterStore store, RegisterSealer sealer, KeyEncryptionKey kek, TimeProvider time,
        ILogger<RegisterSealer> logger)
    {
        var caller = user.CallerId();
        if (await store.GetAsync(id) is not { } register || register.Owner != caller)
        {
            // Deleted already: its deleter finishes an interrupted removal by asking again; anyone sees the tombstone.
            if (await store.GetTombstoneAsync(id) is { } earlier && earlier.DeletedBy == caller)
            {
                await store.PurgeAsync(id, caller, earlier.TreeSize);
            }

            return await NotFoundOrGoneAsync(id, store);
        }

        if (await store.GetStateAsync(id) is not { } state)
        {
            return await NotFoundOrGoneAsync(id, store);
        }

        if (!state.Archived)
        {
            return RegisterProblems.NotArchived(id);
        }

        if (state.Unsealed > 0)
        {
            await sealer.SealDueAsync(id);
            state = await store.GetStateAsync(id);
            if (state is null || state.Unsealed > 0)
            {
                return RegisterProblems.NotSealed(id);
            }
        }

        var final = state.Dockets == 0 ? null : await store.GetDocketAsync(id, state.Dockets - 1);
        var key = RegisterSigningKeys.Open(kek, register);
        Tombstone tombstone;
        try
        {
            tombstone = TombstoneSigner.Sign(id, register.PublicKey, final, time.GetUtcNow(), caller, key);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(key);
        }

        switch (await store.DeleteAsync(id, caller, state.Height, tombstone))
        {
            case LifecycleChange.Done:
                logger.LogInformation("Deleted register {RegisterId} at height {Height}", id, state.Height);
                return TypedResults.Ok(tombstone);
            case LifecycleChange.NotArchived:
                return RegisterProblems.NotArchived(id);
            case LifecycleChange.NotSealed:
                return RegisterProblems.NotSealed(id);
            default:
                return await NotFoundOrGoneAsync(id, store);
        }
    }

    private static async Task<ProblemHttpResult> NotFoundOrGoneAsync(string id, RegisterStore store) =>
        await store.GetTombstoneAsync(id) is { } tombstone ? RegisterProblems.Gone(tombstone) : RegisterProblems.NotFound(id);

    private static async Task<Results<Ok<RegisterDto>, ValidationProblem, ProblemHttpResult>> CurrentAsync(string id, RegisterStore store)
    {
        var register = await store.GetAsync(id);
        var state = register is null ? null : await store.GetStateAsync(id);
        return register is not null && state is not null ? TypedResults.Ok(RegisterDtos.From(register, state)) : await NotFoundOrGoneAsync(id, store);
    }
}
