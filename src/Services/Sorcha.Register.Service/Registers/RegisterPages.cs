using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Api;
using Sorcha.Contracts;
using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Registers;

/// <summary>
/// The one paged read of a register's sequences (its transactions, its dockets): a bad page is 400, an unknown
/// register 404, otherwise the page of what the register's state counts, with that count as the total.
/// </summary>
public static class RegisterPages
{
    public static async Task<Results<Ok<Paged<T>>, ValidationProblem, ProblemHttpResult>> ReadAsync<T>(string id, int? page,
        int? pageSize, RegisterStore store, Func<RegisterState, long> count, Func<string, long, int, Task<IReadOnlyList<T>>> read)
    {
        if (PageQuery.Validate(page, pageSize, out var query) is { } errors)
        {
            return TypedResults.ValidationProblem(errors);
        }

        if (await store.GetStateAsync(id) is not { } state)
        {
            return RegisterProblems.NotFound(id);
        }

        var total = count(state);
        var items = await read(id, query.Skip, (int)Math.Clamp(total - query.Skip, 0, query.PageSize));
        return TypedResults.Ok(new Paged<T>(items, query.Page, query.PageSize, total));
    }
}
