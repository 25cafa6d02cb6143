using System.Security.Claims;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.LinkedData;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Blueprint.Service.Attachments;
using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Blueprint.Service.Execution;
using Sorcha.Blueprint.Service.Platform;
using Sorcha.Contracts;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;
using Sorcha.Contracts.LinkedData;
using Sorcha.Cryptography;
using SorchaApiException = Sorcha.Client.SorchaApiException;

namespace Sorcha.Blueprint.Service.Instances;

/// <summary>
/// Running a published blueprint: an instance binds each participant to a wallet and a register, then each action is
/// submitted by the wallet bound to its sender. Instances are readable by any authenticated caller (they hold
/// addresses and txIds, which the register shows anyway, never data); acting needs the bound wallet.
/// </summary>
public static class InstancesApi
{
    public const int MaxRegisterIdLength = 128;

    /// <summary>A rejection is a sender and a reason of at most 1,000 characters: 64 KiB leaves room for any JSON spelling of them.</summary>
    public const int MaxRejectionBytes = 64 * 1024;

    public static void MapInstancesApi(this IEndpointRouteBuilder app)
    {
        app.MapPost("/api/blueprints/{id}/instances", Create).RequireAuthorization().WithTags("Instances")
            .WithName("CreateInstance")
            .WithSummary("Starts an instance of a published blueprint: a register, and a wallet address for every participant.");
        var group = app.MapGroup("/api/instances").RequireAuthorization().WithTags("Instances");
        group.MapGet("/", List).WithName("ListInstances")
            .WithSummary("The instances the caller created or has a bound wallet in, newest first; filtered by state and blueprint.");
        group.MapGet("/{instanceId}", Get).WithName("GetInstance").WithSummary("Where an instance stands and the txIds so far.")
            .WithLinkedData<InstanceDto>(LinkedDataContext.InstanceType, d => LinkedPaths.Of("instances", d["instanceId"]));
        group.MapActionsApi(app);
    }

    private static async Task<Results<Created<CreatedInstanceResponse>, ValidationProblem, ProblemHttpResult, Refusals<CreateRefusals>>> Create(
        string id, CreateInstanceRequest request, HttpContext context, ClaimsPrincipal user, [AsParameters] CreateServices services)
    {
        var (blueprints, instances, clients, events, limits, clock) = services;
        if (await blueprints.GetAsync(id) is not { } current)
        {
            return ApiProblems.NotFound($"No blueprint has the id '{id}'.");
        }

        // An instance starts on the latest published version and stays on it, whatever the document becomes.
        if (current.LivePublishedVersion is not { } version || await blueprints.GetVersionAsync(id, version) is not { } record)
        {
            return ApiProblems.Conflict("The blueprint is not published; only published blueprints can be instantiated.");
        }

        var blueprint = record.Blueprint;

        var errors = new FieldErrors();
        var registerId = errors.Required("registerId", request.RegisterId, MaxRegisterIdLength);
        var participants = BindParticipants(blueprint, request.Participants, errors);
        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        // Catch a wrong register now rather than at the first action, and only let its owner or a writer bind an
        // instance to it: the participants' steps are then committed with this service's token, not theirs. Only they
        // see its writers.
        try
        {
            await clients.Registers.GetWritersAsync(registerId!, context.RequestAborted);
        }
        catch (SorchaApiException e) when (e.Status == StatusCodes.Status404NotFound)
        {
            return ApiProblems.Unprocessable($"No register has the id '{registerId}'.", "Unknown register");
        }
        catch (SorchaApiException e) when (e.Status == StatusCodes.Status403Forbidden)
        {
            return ApiProblems.Forbidden($"Only the owner or a writer of register '{registerId}' can bind an instance to it: its " +
                "participants write into it through this service.");
        }

        var instance = new InstanceRecord(Guid.NewGuid().ToString("N"), blueprint.Id, blueprint.Version, registerId!, participants,
            user.CallerId(), clock.GetUtcNow());
        var first = blueprint.Actions[0];
        var firstWallet = participants[first.Sender];
        var open = Quota.OpenInstances(limits.Value);
        var refused = await instances.TryCreateAsync(instance, first.Id, firstWallet, open, Quota.Instances(limits.Value));
        if (refused is not null)
        {
            return refused == open
                ? open.Refusal("You have as many open instances as one caller may", "Complete one to start another.")
                : refused.Refusal("You have created as many instances as one caller may", "Instances are kept for good; ask an operator.");
        }

        ActionOutcomes.Started();
        events.InstanceCreated(instance, first.Id, firstWallet);
        return TypedResults.Created($"/api/instances/{instance.Id}", new CreatedInstanceResponse(instance.Id, first.Id));
    }

    /// <summary>Every blueprint participant bound to a well-formed wallet address, and nothing else.</summary>
    private static Dictionary<string, string> BindParticipants(BlueprintDocument blueprint, IReadOnlyDictionary<string, string>? given,
        FieldErrors errors)
    {
        var bound = new Dictionary<string, string>(StringComparer.Ordinal);
        if (given is null)
        {
            errors.Add("participants", "participants is required: { participantId: walletAddress } for every participant.");
            return bound;
        }

        foreach (var participant in blueprint.Participants)
        {
            if (!given.TryGetValue(participant.Id, out var address) || string.IsNullOrWhiteSpace(address))
            {
                errors.Add($"participants.{participant.Id}", $"participant '{participant.Id}' must be bound to a wallet address.");
            }
            else if (!Addresses.TryParse(address, out _, out _))
            {
                errors.Add($"participants.{participant.Id}", $"'{address}' is not a wallet address (bech32m, hrp \"ws\").");
            }
            else
            {
                bound[participant.Id] = address;
            }
        }

        foreach (var unknown in given.Keys.Where(k => !blueprint.Participants.Any(p => p.Id == k)))
        {
            errors.Add($"participants.{unknown}", $"the blueprint has no participant '{unknown}'.");
        }

        return bound;
    }

    /// <summary>
    /// Readable by its creator and by whoever holds one of its bound wallets (owned, derived, or delegated to sign: the
    /// list's rule); anyone else gets the same 404 as for an id that does not exist. The creator is checked first, so
    /// their reads cost no call to the Wallet service.
    /// </summary>
    private static async Task<Results<Ok<InstanceDto>, ProblemHttpResult, Refusals<GetRefusals>>> Get(string instanceId, ClaimsPrincipal user,
        CallerWallets wallets, InstanceStore instances, BlueprintStore blueprints, CancellationToken ct)
    {
        if (await instances.GetAsync(instanceId) is not { } state ||
            (state.Record.CreatedBy != user.CallerId() &&
             !(await wallets.ListAsync(ct)).Intersect(state.Record.Participants.Values, StringComparer.Ordinal).Any()))
        {
            return InstanceNotFound(instanceId);
        }

        var blueprint = (await blueprints.GetVersionAsync(state.Record.BlueprintId, state.Record.BlueprintVersion))?.Blueprint;
        return TypedResults.Ok(InstanceViews.Dto(state, blueprint));
    }

    /// <summary>The rights are the Wallet service's: the caller's wallets are asked for as the caller.</summary>
    private static async Task<Results<Ok<Paged<InstanceSummary>>, ValidationProblem>> List(string? state, string? blueprintId,
        int? page, int? pageSize, ClaimsPrincipal user, CallerWallets wallets, WorkIndex index, BlueprintStore blueprints,
        CancellationToken ct)
    {
        var errors = PageQuery.Validate(page, pageSize, out var query) ?? [];
        if (state is not null && !InstanceStates.All.Contains(state))
        {
            errors["state"] = [$"state is one of {string.Join(", ", InstanceStates.All)}."];
        }

        if (blueprintId is { Length: > BlueprintShape.MaxIdLength })
        {
            errors["blueprintId"] = [$"blueprintId has at most {BlueprintShape.MaxIdLength} characters."];
        }

        if (errors.Count > 0)
        {
            return TypedResults.ValidationProblem(errors);
        }

        var (items, total) = await index.ListAsync(user.CallerId(), await wallets.ListAsync(ct), state, blueprintId, query.Skip, query.PageSize);
        var summaries = new List<InstanceSummary>(items.Count);
        foreach (var item in items)
        {
            var title = (await blueprints.GetVersionAsync(item.Record.BlueprintId, item.Record.BlueprintVersion))?.Blueprint.Title;
            summaries.Add(InstanceViews.Summary(item, title));
        }

        return TypedResults.Ok(new Paged<InstanceSummary>(summaries, query.Page, query.PageSize, total));
    }

    private static ProblemHttpResult InstanceNotFound(string id) => ApiProblems.NotFound($"No instance has the id '{id}'.");

    /// <summary>What <see cref="Create"/> works with, bound by the framework (a struct: no allocation per request).</summary>
    private readonly record struct CreateServices(BlueprintStore Blueprints, InstanceStore Instances, PlatformClients Clients,
        WorkEvents Events, IOptions<LimitsOptions> Limits, TimeProvider Clock);

    /// <summary>Not its caller's register (403), no such blueprint (404), not published or over a quota (409), no such register (422), a service down (503).</summary>
    private sealed class CreateRefusals : IRefusalList
    {
        public static IReadOnlyList<(int Status, bool FieldErrors)> Statuses { get; } =
        [
            (StatusCodes.Status403Forbidden, false), (StatusCodes.Status404NotFound, false), (StatusCodes.Status409Conflict, false),
            (StatusCodes.Status422UnprocessableEntity, false), (StatusCodes.Status503ServiceUnavailable, false),
        ];
    }

    /// <summary>No such instance, or not the caller's to read: the same 404.</summary>
    private sealed class GetRefusals : IRefusalList
    {
        public static IReadOnlyList<(int Status, bool FieldErrors)> Statuses { get; } = [(StatusCodes.Status404NotFound, false)];
    }
}
