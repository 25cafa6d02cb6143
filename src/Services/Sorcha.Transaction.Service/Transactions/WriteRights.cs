using System.Security.Claims;
using Sorcha.ApiPlatform.Auth;
using Sorcha.Ledger.Transactions;
using Sorcha.Registers.Store;

namespace Sorcha.Transaction.Service.Transactions;

/// <summary>
/// Who may commit what (docs/api.md, "Write rights"). A user token commits into registers it owns or was granted, and
/// never a workflow step: metadata type <c>Action</c> or <c>Rejection</c> (in any letter case, so no look-alike slips
/// past a reader) is accepted only with the Blueprint service's own token, which that service presents after its checks, naming the
/// instance's creator, whose write right is checked here on every step. The signature proves who signed, not who may append: a
/// participant can get any bytes signed by its wallet, so the right has to come from the token.
/// One checker per request: a batch asks Redis once per register, not once per item.
/// </summary>
public sealed class WriteRights(ClaimsPrincipal user, RegisterStore store)
{
    public const string ActionType = "Action";
    public const string RejectionType = "Rejection";

    /// <summary>The metadata types of workflow steps, which only the Blueprint service commits.</summary>
    public static bool IsWorkflowStep(string? type) =>
        string.Equals(type, ActionType, StringComparison.OrdinalIgnoreCase)
        || string.Equals(type, RejectionType, StringComparison.OrdinalIgnoreCase);

    private readonly Dictionary<(string RegisterId, string Subject), WriteRight> _known = [];

    /// <summary>Null when the commit may go ahead (an unknown register is left to the append, which answers 422).</summary>
    public async Task<ItemProblem?> CheckAsync(ParsedTransaction transaction)
    {
        var isStep = IsWorkflowStep(transaction.Metadata?.Type);
        if (user.IsService())
        {
            if (!isStep)
            {
                return TransactionProblems.Forbidden("The Blueprint service's token commits workflow steps (metadata type Action or Rejection) only.");
            }

            // The step uses the write right of the instance's creator, checked now rather than only at creation, so
            // that revoking it stops the instance too.
            return user.FindFirst(ServiceTokens.WriterClaim)?.Value is not { Length: > 0 } writer
                ? TransactionProblems.Forbidden("The service token names no writer.")
                : await RightOfAsync(transaction.RegisterId, writer) == WriteRight.None
                    ? TransactionProblems.Forbidden(
                        $"The instance's creator '{writer}' may no longer append to register '{transaction.RegisterId}'.")
                    : null;
        }

        if (isStep)
        {
            return TransactionProblems.Forbidden("A transaction whose metadata type is Action or Rejection is a workflow step: only the Blueprint " +
                "service commits it, after its checks (POST /api/instances/{instanceId}/actions/{actionId}[/reject]).");
        }

        return await RightOfAsync(transaction.RegisterId, user.CallerId()) == WriteRight.None
            ? TransactionProblems.Forbidden($"You are neither the owner nor a writer of register '{transaction.RegisterId}'; its owner grants writers " +
                "(PUT /api/registers/{id}/writers/{subject}).")
            : null;
    }

    private async Task<WriteRight> RightOfAsync(string registerId, string subject)
    {
        if (!_known.TryGetValue((registerId, subject), out var right))
        {
            _known[(registerId, subject)] = right = await store.GetWriteRightAsync(registerId, subject);
        }

        return right;
    }
}
