using System.Security.Claims;
using System.Security.Cryptography;
using Microsoft.AspNetCore.Http.HttpResults;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Api;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.Contracts;
using Sorcha.Contracts.Registers;
using Sorcha.Cryptography;
using Sorcha.Ledger.Formats;
using Sorcha.Register.Service.Storage;
using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Registers;

/// <summary>
/// Registers are public ledgers: any authenticated caller can list and read every register (anyone must be able to
/// verify them); creating one needs a caller, who is recorded as its owner.
/// </summary>
public static class RegistersApi
{
    public const int MaxNameLength = 100;

    public static RouteGroupBuilder MapRegistersApi(this IEndpointRouteBuilder app)
    {
        var group = app.MapGroup("/api/registers").RequireAuthorization().WithTags("Registers");
        group.MapPost("/", Create).WithName("CreateRegister")
            .WithSummary("Creates an empty register with its own Ed25519 docket-signing key; the caller is its owner.")
            .ProducesProblem(StatusCodes.Status409Conflict)
            .ProducesProblem(StatusCodes.Status503ServiceUnavailable);
        group.MapGet("/", List).WithName("ListRegisters").WithSummary("Every register, paged (registers are public ledgers).");
        group.MapGet("/{id}", Get).WithName("GetRegister")
            .WithSummary("A register with its height, head chain hash and state; a deleted one is 410 with its signed tombstone.")
            .ProducesProblem(StatusCodes.Status404NotFound)
            .ProducesProblem(StatusCodes.Status410Gone);
        group.MapRegisterLifecycleApi();
        return group;
    }

    private static async Task<Results<Created<RegisterDto>, ValidationProblem, ProblemHttpResult>> Create(
        CreateRegisterRequest request, ClaimsPrincipal user, RegisterStore store, KeyEncryptionKey kek, IOptions<LimitsOptions> limits,
        ILogger<RegisterStore> logger)
    {
        var errors = new FieldErrors();
        var name = errors.Required("name", request.Name, MaxNameLength);
        if (errors.Any)
        {
            return TypedResults.ValidationProblem(errors.ToDictionary());
        }

        var id = RegisterIds.New();
        var keys = Signatures.Generate(SignatureAlgorithm.ED25519);
        RegisterRecord register;
        try
        {
            register = new RegisterRecord(id, name!, user.CallerId(), LedgerTime.TruncateToMilliseconds(DateTimeOffset.UtcNow),
                keys.PublicKey, RegisterSigningKeys.Seal(kek, id, keys.PrivateKey));
        }
        finally
        {
            CryptographicOperations.ZeroMemory(keys.PrivateKey);
        }

        var quota = Quota.Registers(limits.Value);
        var creation = await store.CreateAsync(register, quota.Limit);
        if (creation == RegisterCreation.OverQuota)
        {
            return quota.Refusal("You have created as many registers as one caller may",
                "Archive and delete one you no longer need (that frees its place), or ask the operator for more.");
        }

        if (creation == RegisterCreation.IdTaken)
        {
            // 128 random bits collided: not the caller's doing, and a retry gets a new id (503 with Retry-After, as the
            // exception handler answers every 503).
            throw ProblemException.Unavailable("Register id collision; retry.");
        }

        logger.LogInformation("Created register {RegisterId}", id);
        return TypedResults.Created($"/api/registers/{id}", RegisterDtos.From(register, RegisterState.Empty));
    }

    private static async Task<Results<Ok<Paged<RegisterDto>>, ValidationProblem>> List(int? page, int? pageSize, RegisterStore store)
    {
        if (PageQuery.Validate(page, pageSize, out var query) is { } errors)
        {
            return TypedResults.ValidationProblem(errors);
        }

        var (items, total) = await store.ListAsync(query.Skip, query.PageSize);
        return TypedResults.Ok(new Paged<RegisterDto>([.. items.Select(r => RegisterDtos.From(r.Register, r.State))], query.Page,
            query.PageSize, total));
    }

    private static async Task<Results<Ok<RegisterDto>, ProblemHttpResult>> Get(string id, RegisterStore store)
    {
        var register = await store.GetAsync(id);
        var state = register is null ? null : await store.GetStateAsync(id);
        if (register is not null && state is not null)
        {
            return TypedResults.Ok(RegisterDtos.From(register, state));
        }

        return await store.GetTombstoneAsync(id) is { } tombstone ? RegisterProblems.Gone(tombstone) : RegisterProblems.NotFound(id);
    }
}
