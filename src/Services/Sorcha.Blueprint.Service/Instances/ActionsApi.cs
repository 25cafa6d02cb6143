using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Blueprint.Service.Attachments;
using Sorcha.Blueprint.Service.Execution;
using Sorcha.Contracts.Instances;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// Acting on an instance: submitting its next action, or rejecting it. Every refusal is thrown by the flow
/// (<see cref="ActionFlow"/>: its checks' order and its one failure channel) and written by the platform's problem
/// handler; here only binding, the outcome's count and log, and the answer. Each handler's type lists its refusals.
/// </summary>
internal static class ActionsApi
{
    public static void MapActionsApi(this RouteGroupBuilder group, IEndpointRouteBuilder app)
    {
        group.MapPost("/{instanceId}/actions/{actionId}/reject", Reject).WithMetadata(new RequestSizeLimitAttribute(InstancesApi.MaxRejectionBytes))
            .WithName("RejectAction")
            .WithSummary("Refuses the instance's next action with a reason: a signed Rejection transaction; the instance follows the action's rejection.");
        // The data's limit plus the configured files at most, base64-encoded: the body never admits more than both.
        var attachments = app.ServiceProvider.GetRequiredService<IOptions<LimitsOptions>>().Value.Attachments;
        group.MapPost("/{instanceId}/actions/{actionId}", Submit)
            .WithMetadata(new RequestSizeLimitAttribute(AttachmentChecks.BodyLimit(ExecutionApi.MaxDataBytes, attachments)))
            .WithName("SubmitAction")
            .WithSummary("Runs the instance's next action: validate, calculate, route, disclose, encrypt, sign, commit.");
    }

    private static Task<Results<Created<RejectActionResponse>, Refusals<RejectRefusals>>> Reject(string instanceId, string actionId,
        RejectActionRequest request, HttpContext context, ActionFlow flow, ActionOutcomes outcomes)
    {
        outcomes.Received(rejection: true);
        return AnswerAsync<RejectActionResponse, RejectRefusals>(flow.RejectAsync(instanceId, actionId, request, context),
            new(Rejection: true, instanceId, actionId, request.Sender), outcomes, static r => (r.TxId, r.NextActionId));
    }

    private static Task<Results<Created<SubmitActionResponse>, Refusals<SubmitRefusals>>> Submit([AsParameters] SubmitActionCall call,
        ActionFlow flow, ActionOutcomes outcomes)
    {
        outcomes.Received(rejection: false);
        return AnswerAsync<SubmitActionResponse, SubmitRefusals>(flow.SubmitAsync(call.InstanceId, call.ActionId, call.Request, call.Context),
            new(Rejection: false, call.InstanceId, call.ActionId, call.Request.Sender), outcomes, static r => (r.TxId, r.NextActionId));
    }

    /// <summary>
    /// The one place an action's outcome is counted and logged: committed, or refused (then still thrown, for the
    /// problem handler to write). <paramref name="committed"/> reads the answer's txId and next action (null: it ended).
    /// </summary>
    private static async Task<Results<Created<T>, Refusals<TRefusals>>> AnswerAsync<T, TRefusals>(Task<(string RegisterId, T Response)> flow,
        ActionCall call, ActionOutcomes outcomes, Func<T, (string TxId, string? NextActionId)> committed)
        where TRefusals : IRefusalList
    {
        string registerId;
        T response;
        try
        {
            (registerId, response) = await flow;
        }
        catch (Exception e)
        {
            outcomes.Failed(call.Rejection, call.InstanceId, call.ActionId, call.Sender, e);
            throw;
        }

        var (txId, next) = committed(response);
        outcomes.Done(call.Rejection, call.InstanceId, call.ActionId, txId, registerId, call.Sender, ended: next is null);
        return TypedResults.Created($"/api/registers/{Uri.EscapeDataString(registerId)}/transactions/{txId}", response);
    }

    /// <summary>Which action of which instance, by whom, as the outcome's count and log name it.</summary>
    private readonly record struct ActionCall(bool Rejection, string InstanceId, string ActionId, string? Sender);

    /// <summary>
    /// A submission's refusals (docs/api.md, "Blueprints, instances and actions"): the checks' (404, 400, 413, 409, 403,
    /// 422 with every failing pointer), a register deleted (410), a commit refused (422, 413) and the downstream ones
    /// (502, 503).
    /// </summary>
    private sealed class SubmitRefusals : IRefusalList
    {
        public static IReadOnlyList<(int Status, bool FieldErrors)> Statuses { get; } =
        [
            (StatusCodes.Status400BadRequest, true), (StatusCodes.Status403Forbidden, false), (StatusCodes.Status404NotFound, false),
            (StatusCodes.Status409Conflict, false), (StatusCodes.Status410Gone, false), (StatusCodes.Status413PayloadTooLarge, false),
            (StatusCodes.Status422UnprocessableEntity, true), (StatusCodes.Status502BadGateway, false),
            (StatusCodes.Status503ServiceUnavailable, false),
        ];
    }

    /// <summary>A submission's refusals but for the files' (a rejection carries none); its 422 is a plain problem (no engine runs).</summary>
    private sealed class RejectRefusals : IRefusalList
    {
        public static IReadOnlyList<(int Status, bool FieldErrors)> Statuses { get; } =
        [
            (StatusCodes.Status400BadRequest, true), (StatusCodes.Status403Forbidden, false), (StatusCodes.Status404NotFound, false),
            (StatusCodes.Status409Conflict, false), (StatusCodes.Status410Gone, false), (StatusCodes.Status422UnprocessableEntity, false),
            (StatusCodes.Status502BadGateway, false), (StatusCodes.Status503ServiceUnavailable, false),
        ];
    }
}
