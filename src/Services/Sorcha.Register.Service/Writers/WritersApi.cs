using System.Security.Claims;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Contracts.Registers;
using Sorcha.Register.Service.Registers;
using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Writers;

/// <summary>
/// Who may append to a register: its owner (the creator) and the subjects the owner grants. Only the owner grants and
/// revokes; the list is shown to those who may write (the owner and the writers), so the Blueprint service can ask,
/// with the caller's own token, whether the caller may bind an instance to the register. Others get 403.
/// </summary>
public static class WritersApi
{
    public const int MaxSubjectLength = 256;

    public static RouteGroupBuilder MapWritersApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/registers/{id}/writers").RequireAuthorization().WithTags("Registers");
        group.MapGet("/", List).WithName("ListRegisterWriters")
            .WithSummary("The register's owner and granted writers (shown to the owner and the writers only).")
            .ProducesProblem(StatusCodes.Status403Forbidden).ProducesProblem(StatusCodes.Status404NotFound);
        group.MapPut("/{subject}", Grant).WithName("GrantRegisterWriter")
            .WithSummary("Grants a token subject the right to append (owner only; idempotent).")
            .ProducesProblem(StatusCodes.Status403Forbidden).ProducesProblem(StatusCodes.Status404NotFound);
        group.MapDelete("/{subject}", Revoke).WithName("RevokeRegisterWriter")
            .WithSummary("Revokes a subject's right to append (owner only; idempotent).")
            .ProducesProblem(StatusCodes.Status403Forbidden).ProducesProblem(StatusCodes.Status404NotFound);
        return group;
    }

    private static async Task<Results<Ok<RegisterWritersDto>, ProblemHttpResult>> List(string id, ClaimsPrincipal user, RegisterStore store)
    {
        if (await store.GetAsync(id) is not { } register)
        {
            return RegisterProblems.NotFound(id);
        }

        var writers = await store.GetWritersAsync(id);
        var caller = user.CallerId();
        return caller == register.Owner || writers.Contains(caller, StringComparer.Ordinal)
            ? TypedResults.Ok(new RegisterWritersDto(id, register.Owner, writers))
            : NotAWriter(id);
    }

    private static Task<Results<NoContent, ValidationProblem, ProblemHttpResult>> Grant(
        string id, string subject, ClaimsPrincipal user, RegisterStore store) => ChangeAsync(id, subject, user, store, grant: true);

    private static Task<Results<NoContent, ValidationProblem, ProblemHttpResult>> Revoke(
        string id, string subject, ClaimsPrincipal user, RegisterStore store) => ChangeAsync(id, subject, user, store, grant: false);

    private static async Task<Results<NoContent, ValidationProblem, ProblemHttpResult>> ChangeAsync(
        string id, string subject, ClaimsPrincipal user, RegisterStore store, bool grant)
    {
        if (subject.Length > MaxSubjectLength || subject.Any(char.IsControl) || string.IsNullOrWhiteSpace(subject))
        {
            return TypedResults.ValidationProblem(new Dictionary<string, string[]>
            {
                ["subject"] = [$"subject must be a token subject: 1-{MaxSubjectLength} characters, no control characters."],
            });
        }

        return await store.ChangeWriterAsync(id, user.CallerId(), subject, grant) switch
        {
            WriterChange.UnknownRegister => RegisterProblems.NotFound(id),
            WriterChange.NotOwner => ApiProblems.Forbidden($"Only the owner of register '{id}' grants and revokes writers."),
            _ => TypedResults.NoContent(),
        };
    }

    private static ProblemHttpResult NotAWriter(string id) =>
        ApiProblems.Forbidden($"You are neither the owner nor a writer of register '{id}'.");
}
