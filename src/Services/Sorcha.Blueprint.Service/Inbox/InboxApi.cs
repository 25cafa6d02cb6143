using System.Security.Claims;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Blueprint.Service.Instances;
using Sorcha.Contracts;
using Sorcha.Contracts.Instances;

namespace Sorcha.Blueprint.Service.Inbox;

/// <summary>
/// GET /api/inbox: the caller's open steps, oldest first — one per open instance whose next action's participant is
/// bound to a wallet the caller owns now (asked of the Wallet service as the caller). The index changes in the same
/// script as the step it lists (<see cref="InstanceStore"/>), and a page is read in one script (<see cref="WorkIndex"/>).
/// </summary>
public static class InboxApi
{
    public static void MapInboxApi(this IEndpointRouteBuilder app) =>
        app.MapGet("/api/inbox", List).RequireAuthorization().WithTags("Inbox").WithName("GetInbox")
            .WithSummary("The caller's open steps: every instance waiting for an action of a wallet the caller owns, oldest first.")
            .ProducesValidationProblem();

    private static async Task<Results<Ok<Paged<InboxItem>>, ValidationProblem>> List(int? page, int? pageSize, ClaimsPrincipal user,
        CallerWallets wallets, WorkIndex index, BlueprintStore blueprints, CancellationToken ct)
    {
        if (PageQuery.Validate(page, pageSize, out var query) is { } errors)
        {
            return TypedResults.ValidationProblem(errors);
        }

        var (items, total) = await index.InboxAsync(await wallets.ListAsync(ct), query.Skip, query.PageSize);
        var inbox = new List<InboxItem>(items.Count);
        foreach (var item in items)
        {
            var blueprint = (await blueprints.GetVersionAsync(item.Record.BlueprintId, item.Record.BlueprintVersion))?.Blueprint;
            inbox.Add(InstanceViews.InboxEntry(item, blueprint));
        }

        return TypedResults.Ok(new Paged<InboxItem>(inbox, query.Page, query.PageSize, total));
    }
}
