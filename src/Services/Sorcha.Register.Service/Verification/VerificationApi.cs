using System.Buffers;
using System.Runtime.CompilerServices;
using System.Security.Claims;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Limits;
using Sorcha.Ledger.Export;
using Sorcha.Ledger.Verification;
using Sorcha.Register.Service.Registers;
using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Verification;

/// <summary>
/// Whole-register verification and export. Both work on a snapshot: the head (height, chain hash) is read once, then
/// transactions below that height and only the dockets that end below it are streamed, so a register that keeps
/// growing (and sealing) meanwhile still yields a consistent, verifiable answer. Verify does not take the stored head
/// on trust: it is read together with the size of every index and must agree with them (<see cref="StoreAudit"/>).
/// A tail cut from every index alike cannot be seen from the store itself; a client that kept a docket sees it (the
/// consistency endpoint, or the offline verifier's --trusted-docket).
/// </summary>
public static class VerificationApi
{
    /// <summary>Export lines written between flushes: enough to fill the socket, few enough to keep memory flat.</summary>
    private const int FlushEvery = 256;

    public static RouteGroupBuilder MapVerificationApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/registers/{id}").RequireAuthorization().WithTags("Verification");
        group.MapGet("/verify", Verify).WithName("VerifyRegister")
            .WithSummary("Recomputes every txId, signature, chain hash, Merkle root and docket link up to the current height.")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status503ServiceUnavailable);
        group.MapGet("/export", Export).WithName("ExportRegister")
            .WithSummary("NDJSON: every committed transaction, then every docket, enough to verify offline.")
            .Produces(StatusCodes.Status200OK, contentType: "application/x-ndjson")
            .ProducesProblem(StatusCodes.Status404NotFound);
        return group;
    }

    /// <remarks>
    /// The slots are taken before the head is read, so the snapshot verified is the one current when the work starts.
    /// A client that goes away cancels the reads and the signature checks (the request's token).
    /// </remarks>
    private static async Task<Results<Ok<VerificationResult>, ProblemHttpResult, RetryLater>> Verify(
        string id, ClaimsPrincipal user, RegisterStore store, VerifyBudget budget, CancellationToken cancellationToken)
    {
        using var callerSlot = budget.PerCaller.TryEnter(user.CallerId());
        if (callerSlot is null)
        {
            return RetryLater.TooMany("You are running as many verifications as one caller may at once; retry when one has answered.");
        }

        using var slot = await budget.Running.TryEnterAsync(cancellationToken);
        if (slot is null)
        {
            return RetryLater.Busy("Every verification slot stayed taken; retry shortly.");
        }

        // The head and every index size in one atomic read: the head is checked against them, not taken on trust.
        if (await store.GetAsync(id) is not { } register || await store.AuditAsync(id) is not { } audit)
        {
            return RegisterProblems.NotFound(id);
        }

        var state = audit.State;

        var options = new RegisterVerifierOptions
        {
            RegisterId = id,
            RegisterPublicKey = register.PublicKey,
            ExpectedHead = new RegisterHead(state.Height, state.ChainHash),
            MaxDegreeOfParallelism = budget.MaxDegreeOfParallelism,
        };
        var (result, _) = await RegisterVerifier.VerifyAsync(
            Json(store.StreamTransactionsAsync(id, state, cancellationToken), cancellationToken),
            store.StreamDocketsAsync(id, state, cancellationToken), options, cancellationToken);
        if (result.Valid && audit.Disagreement() is { } disagreement)
        {
            result = new VerificationResult(false, Math.Min(result.CheckedTransactions, disagreement.Sequence), result.CheckedDockets,
                disagreement.Sequence, Reason: "the store disagrees with its head: " + disagreement.Reason);
        }

        return TypedResults.Ok(result);
    }

    /// <summary>NDJSON: every CommittedTransaction in sequence order, then every Docket in number order.</summary>
    private static async Task<Results<EmptyHttpResult, ProblemHttpResult>> Export(
        string id, HttpContext context, RegisterStore store, CancellationToken cancellationToken)
    {
        if (await store.GetStateAsync(id) is not { } state)
        {
            return RegisterProblems.NotFound(id);
        }

        var response = context.Response;
        response.ContentType = "application/x-ndjson";
        var output = response.BodyWriter;
        var lines = 0;
        await foreach (var transaction in store.StreamTransactionsAsync(id, state, cancellationToken))
        {
            output.Write(transaction.Json.Span);
            output.Write("\n"u8);
            if (++lines % FlushEvery == 0)
            {
                await output.FlushAsync(cancellationToken);
            }
        }

        await foreach (var docket in store.StreamDocketsAsync(id, state, cancellationToken))
        {
            RegisterExportWriter.WriteDocket(output, docket);
            if (++lines % FlushEvery == 0)
            {
                await output.FlushAsync(cancellationToken);
            }
        }

        await output.FlushAsync(cancellationToken);
        return TypedResults.Empty;
    }

    private static async IAsyncEnumerable<ReadOnlyMemory<byte>> Json(
        IAsyncEnumerable<StoredTransaction> transactions, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        await foreach (var transaction in transactions.WithCancellation(cancellationToken))
        {
            yield return transaction.Json;
        }
    }
}
