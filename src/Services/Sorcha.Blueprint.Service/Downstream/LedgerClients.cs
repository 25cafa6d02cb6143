using System.Net;
using System.Net.Http.Headers;
using System.Text.Json.Nodes;
using Sorcha.Blueprint.Service.Problems;

namespace Sorcha.Blueprint.Service.Downstream;

public sealed record Commit(string TxId, long Sequence);

/// <summary>Typed client for the Transaction service (discovery name "transaction"): the write path into registers.</summary>
public sealed class TransactionClient(HttpClient http, ServiceIdentity identity, ILogger<TransactionClient> logger)
{
    private const string Service = "transaction";

    /// <summary>
    /// Commits a signed transaction. A lost answer (timeout, connection reset, 502/503/504) is retried once with the very
    /// same transaction: the Transaction service is idempotent by txId, so a commit that did happen answers 200 with it
    /// instead of appending twice. A 422 (bad signature, unknown register) or 400 (a transaction it cannot read) is
    /// passed on as 422 with its reason, a 413 (too large) as 413: see <see cref="RefusesTheBytes"/>.
    /// The commit is sent with this service's own token acting for the caller (<see cref="ServiceIdentity"/>): only it
    /// may commit a workflow step, with the write right of <paramref name="writer"/> (the instance's creator); a 403
    /// (that right was revoked) is passed on.
    /// </summary>
    public async Task<Commit> CommitAsync(JsonObject transaction, string txId, AuthenticationHeaderValue callerToken, string writer,
        CancellationToken ct)
    {
        var auth = identity.For(callerToken, writer);
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                return await CommitOnceAsync(transaction, txId, auth, ct);
            }
            catch (ProblemException e) when (attempt == 1 && e.Status is StatusCodes.Status502BadGateway or StatusCodes.Status503ServiceUnavailable
                && !ct.IsCancellationRequested)
            {
                logger.LogWarning("Commit of {TxId} failed ({Reason}); retrying once", txId, e.Message);
            }
        }
    }

    /// <summary>
    /// True for a commit refused for what the transaction is (too large, unreadable, not authentic): every attempt sends
    /// the same bytes and gets the same answer, so no earlier attempt can have committed it.
    /// </summary>
    public static bool RefusesTheBytes(ProblemException e) =>
        e.Status is StatusCodes.Status413PayloadTooLarge or StatusCodes.Status422UnprocessableEntity;

    /// <summary>Whether the Transaction service holds <paramref name="txId"/> (GET /api/transactions/{txId}).</summary>
    public async Task<bool> IsCommittedAsync(string txId, AuthenticationHeaderValue auth, CancellationToken ct)
    {
        using var response = await Downstream.SendAsync(http, HttpMethod.Get, "/api/transactions/" + txId, null, auth, Service, ct);
        return response.StatusCode switch
        {
            HttpStatusCode.OK => true,
            HttpStatusCode.NotFound => false,
            _ => throw await Downstream.UnexpectedAsync(response, Service, ct),
        };
    }

    private async Task<Commit> CommitOnceAsync(JsonObject transaction, string txId, AuthenticationHeaderValue auth, CancellationToken ct)
    {
        using var response = await Downstream.SendAsync(http, HttpMethod.Post, "/api/transactions", transaction, auth, Service, ct);
        // A 400 is this service's transaction failing to parse there: the request cannot succeed as sent, so it is the
        // caller's 422 with the reason, not a 502.
        if (response.StatusCode is HttpStatusCode.UnprocessableEntity or HttpStatusCode.BadRequest)
        {
            throw new ProblemException(StatusCodes.Status422UnprocessableEntity, "Transaction refused",
                $"The Transaction service refused the action's transaction: {await Downstream.DetailAsync(response, ct)}");
        }

        if (response.StatusCode == HttpStatusCode.Forbidden)
        {
            throw new ProblemException(StatusCodes.Status403Forbidden, "Forbidden",
                $"The Transaction service refused the action's transaction: {await Downstream.DetailAsync(response, ct)}");
        }

        if (response.StatusCode is not (HttpStatusCode.Created or HttpStatusCode.OK))
        {
            throw await Downstream.UnexpectedAsync(response, Service, ct);
        }

        var committed = await Downstream.ReadObjectAsync(response, Service, ct);
        if (Downstream.RequiredString(committed, "txId", Service) != txId)
        {
            throw ProblemException.BadGateway(Service, "the committed txId differs from the one computed here");
        }

        return committed["sequence"] is JsonValue value && value.TryGetValue<long>(out var sequence)
            ? new Commit(txId, sequence)
            : throw ProblemException.BadGateway(Service, "'sequence' is missing");
    }
}

/// <summary>Typed client for the Register service (discovery name "register").</summary>
public sealed class RegisterClient(HttpClient http)
{
    private const string Service = "register";

    /// <summary>
    /// True when the register exists and the caller may write to it (its owner or a writer: only they see its writers),
    /// false for an unknown register; 403 (as a problem) when the caller may not write.
    /// </summary>
    public async Task<bool> CallerMayWriteAsync(string registerId, AuthenticationHeaderValue auth, CancellationToken ct)
    {
        using var response = await Downstream.SendAsync(http, HttpMethod.Get,
            "/api/registers/" + Uri.EscapeDataString(registerId) + "/writers", null, auth, Service, ct);
        return response.StatusCode switch
        {
            HttpStatusCode.OK => true,
            HttpStatusCode.NotFound => false,
            HttpStatusCode.Forbidden => throw new ProblemException(StatusCodes.Status403Forbidden, "Forbidden",
                $"Only the owner or a writer of register '{registerId}' can bind an instance to it: its participants write " +
                "into it through this service."),
            _ => throw await Downstream.UnexpectedAsync(response, Service, ct),
        };
    }
}
