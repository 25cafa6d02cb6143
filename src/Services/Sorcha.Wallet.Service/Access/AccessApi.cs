using System.Globalization;
using System.Security.Claims;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Contracts;
using Sorcha.Contracts.Wallets;
using Sorcha.Wallet.Service.Storage;
using Sorcha.Wallet.Service.Wallets;

namespace Sorcha.Wallet.Service.Access;

/// <summary>
/// Delegation (docs/wallets.md, "Wallet access"): a wallet's owner grants a token subject <c>read</c> or <c>sign</c>, until an
/// optional expiry; only the owner grants, revokes and lists (anyone else gets the 404 of a wallet they cannot see).
/// A delegate finds the wallets delegated to it at <c>GET /api/wallets/delegated</c>.
/// </summary>
public static class AccessApi
{
    /// <summary>As for a register's writers: a token subject is 1-256 characters without control characters.</summary>
    public const int MaxSubjectLength = 256;

    /// <summary>The furthest expiry a grant may name; a grant without one lasts until revoked.</summary>
    public static readonly TimeSpan MaxLifetime = TimeSpan.FromDays(366);

    public static RouteGroupBuilder MapAccessApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/wallets").RequireAuthorization().WithTags("Wallet access");
        group.MapGet("/delegated", Delegated).WithName("ListDelegatedWallets")
            .WithSummary("The wallets other callers granted the caller access to, with its rights, never-expiring first, then by expiry.");
        group.MapGet("/{address}/access", List).WithName("ListWalletAccess")
            .WithSummary("The subjects granted access to one of the caller's wallets (owner only).")
            .ProducesProblem(StatusCodes.Status404NotFound);
        group.MapPut("/{address}/access/{subject}", Grant).WithName("GrantWalletAccess")
            .WithSummary("Grants a token subject read or sign access to one of the caller's wallets, or replaces its grant (owner only).")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status409Conflict);
        group.MapDelete("/{address}/access/{subject}", Revoke).WithName("RevokeWalletAccess")
            .WithSummary("Revokes a subject's access to one of the caller's wallets (owner only); seen at once by every replica.")
            .ProducesProblem(StatusCodes.Status404NotFound);
        return group;
    }

    private static async Task<Results<Created<AccessGrantDto>, Ok<AccessGrantDto>, ValidationProblem, ProblemHttpResult>> Grant(
        string address, string subject, GrantAccessRequest request, ClaimsPrincipal user, WalletAccess access, AccessStore grants,
        TimeProvider clock, IOptions<LimitsOptions> limits)
    {
        var now = clock.GetUtcNow();
        var errors = new FieldErrors();
        CheckSubject(subject, errors);
        if (!RightsNames.TryParse(request.Rights, out var rights))
        {
            errors.Add("rights", RightsNames.Allowed);
        }

        var expiresAt = ReadExpiry(request.ExpiresAt, now, errors);
        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        if (await access.FindOwnedAsync(address, user) is not { } wallet)
        {
            return WalletProblems.NotFound(address);
        }

        if (subject == wallet.Owner)
        {
            return TypedResults.ValidationProblem(new Dictionary<string, string[]>
            {
                ["subject"] = ["The owner holds every right on its wallet already: grant to another subject."],
            });
        }

        var quota = Quota.WalletGrants(limits.Value);
        var grant = new StoredGrant(rights, now, expiresAt);
        var written = await grants.PutAsync(wallet.Address, subject, grant, now, quota.Limit);
        var dto = AccessDtos.Grant(subject, grant);
        return written switch
        {
            GrantWrite.OverQuota => quota.Refusal("This wallet has granted access to as many subjects as one wallet may",
                "Revoke a grant to make another."),
            GrantWrite.Added => TypedResults.Created($"/api/wallets/{wallet.Address}/access/{Uri.EscapeDataString(subject)}", dto),
            _ => TypedResults.Ok(dto),
        };
    }

    private static async Task<Results<NoContent, ValidationProblem, ProblemHttpResult>> Revoke(
        string address, string subject, ClaimsPrincipal user, WalletAccess access, AccessStore grants, TimeProvider clock)
    {
        var errors = new FieldErrors();
        CheckSubject(subject, errors);
        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        if (await access.FindOwnedAsync(address, user) is not { } wallet)
        {
            return WalletProblems.NotFound(address);
        }

        return await grants.RevokeAsync(wallet.Address, subject, clock.GetUtcNow())
            ? TypedResults.NoContent()
            : ApiProblems.NotFound($"Wallet '{address}' grants no access to that subject.", "Grant not found");
    }

    private static async Task<Results<Ok<IReadOnlyList<AccessGrantDto>>, ProblemHttpResult>> List(
        string address, ClaimsPrincipal user, WalletAccess access, AccessStore grants, TimeProvider clock)
    {
        if (await access.FindOwnedAsync(address, user) is not { } wallet)
        {
            return WalletProblems.NotFound(address);
        }

        var live = await grants.ListAsync(wallet.Address, clock.GetUtcNow());
        return TypedResults.Ok<IReadOnlyList<AccessGrantDto>>([.. live.Select(g => AccessDtos.Grant(g.Subject, g.Grant))]);
    }

    private static async Task<Results<Ok<Paged<DelegatedWalletDto>>, ValidationProblem>> Delegated(
        int? page, int? pageSize, ClaimsPrincipal user, AccessStore grants, WalletStore wallets, TimeProvider clock)
    {
        if (PageQuery.Validate(page, pageSize, out var query) is { } errors)
        {
            return TypedResults.ValidationProblem(errors);
        }

        var (items, total) = await grants.ListDelegatedAsync(user.CallerId(), clock.GetUtcNow(), query.Skip, query.PageSize);
        var records = await Task.WhenAll(items.Select(i => wallets.GetAsync(i.Address)));
        var listed = items.Zip(records).Where(p => p.Second is not null).Select(p => AccessDtos.Delegated(p.Second!, p.First.Grant));
        return TypedResults.Ok(new Paged<DelegatedWalletDto>([.. listed], query.Page, query.PageSize, total));
    }

    private static void CheckSubject(string subject, FieldErrors errors)
    {
        if (subject.Length > MaxSubjectLength || subject.Any(char.IsControl) || string.IsNullOrWhiteSpace(subject))
        {
            errors.Add("subject", $"subject must be a token subject: 1-{MaxSubjectLength} characters, no control characters.");
        }
    }

    /// <summary>An RFC 3339 instant with its offset (a time without one would be read in the server's zone), ahead and within <see cref="MaxLifetime"/>.</summary>
    private static DateTimeOffset? ReadExpiry(string? given, DateTimeOffset now, FieldErrors errors)
    {
        if (given is null)
        {
            return null;
        }

        var hasOffset = given.EndsWith('Z') || given.EndsWith('z') || (given.Length > 6 && given[^6] is '+' or '-' && given[^3] == ':');
        if (!hasOffset || !DateTimeOffset.TryParse(given, CultureInfo.InvariantCulture, DateTimeStyles.None, out var expiresAt))
        {
            errors.Add("expiresAt", "expiresAt must be an RFC 3339 date-time with its offset, e.g. 2027-01-31T12:00:00Z.");
            return null;
        }

        if (expiresAt <= now || expiresAt > now + MaxLifetime)
        {
            errors.Add("expiresAt", $"expiresAt must be in the future and at most {MaxLifetime.TotalDays:F0} days ahead.");
            return null;
        }

        return expiresAt.ToUniversalTime();
    }
}
