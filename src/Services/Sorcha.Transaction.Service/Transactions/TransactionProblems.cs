using System.Globalization;
using Sorcha.ApiPlatform.Api;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Transaction.Service.Transactions;

/// <summary>
/// What a submitted transaction can be refused for, as a batch item's problem; a single POST answers the same problem
/// as its own document (<see cref="TransactionsApi"/>).
/// </summary>
public static class TransactionProblems
{
    public static ItemProblem Unavailable { get; } = Item(StatusCodes.Status503ServiceUnavailable, "Commit unavailable",
        "The register store did not acknowledge the commit; retry (resubmitting is idempotent).");

    public static ItemProblem TooLarge { get; } = Item(StatusCodes.Status413PayloadTooLarge, "Payload too large",
        $"The transaction is larger than the limit of {TransactionsApi.MaxTransactionBytes} bytes.");

    /// <summary>400 naming every failing field, as a ValidationProblem does.</summary>
    public static ItemProblem Invalid(IReadOnlyList<FieldError> errors)
    {
        var fields = new FieldErrors();
        foreach (var error in errors)
        {
            fields.Add(error.Field, error.Message);
        }

        return Item(StatusCodes.Status400BadRequest, "One or more validation errors occurred.", null, fields.ToDictionary());
    }

    public static ItemProblem Rejected(string reason) => Item(StatusCodes.Status422UnprocessableEntity, "Transaction rejected", reason);

    /// <summary>422: the payload names more distinct recipients than a register indexes for one transaction.</summary>
    public static ItemProblem TooManyRecipients(int count, int limit) => Item(StatusCodes.Status422UnprocessableEntity, "Too many recipients",
        string.Create(CultureInfo.InvariantCulture,
            $"payload.envelopes name {count:N0} distinct recipients; a transaction may name at most {limit:N0} (Limits:Indexes:MaxRecipients)."));

    public static ItemProblem UnknownRegister(string registerId) => Item(StatusCodes.Status422UnprocessableEntity, "Unknown register",
        $"unknown register: no register has the id '{registerId}'.");

    /// <summary>409: the owner archived the register (in the same atomic step as appends, so this one was never written).</summary>
    public static ItemProblem Archived(string registerId) => Item(StatusCodes.Status409Conflict, "Register archived",
        $"register archived: register '{registerId}' was archived by its owner and takes no more transactions; it stays readable and verifiable.");

    /// <summary>410: the register was deleted; GET /api/registers/{id} answers its tombstone.</summary>
    public static ItemProblem Deleted(string registerId) => Item(StatusCodes.Status410Gone, "Register deleted",
        $"register deleted: register '{registerId}' was deleted by its owner; GET /api/registers/{registerId} answers its tombstone.");

    public static ItemProblem Forbidden(string detail) => Item(StatusCodes.Status403Forbidden, "Forbidden", detail);

    /// <summary>Failures that mean "Redis did not acknowledge": the client may retry; anything else is a bug and stays a 500.</summary>
    public static bool IsStoreFailure(Exception e) =>
        e is StackExchange.Redis.RedisException or TimeoutException or Registers.Store.AppendConflictException;

    private static ItemProblem Item(int status, string title, string? detail, IDictionary<string, string[]>? errors = null) =>
        new(TypeFor(status), title, status, detail, errors);

    private static string TypeFor(int status) => status switch
    {
        400 => "https://tools.ietf.org/html/rfc9110#section-15.5.1",
        403 => "https://tools.ietf.org/html/rfc9110#section-15.5.4",
        409 => "https://tools.ietf.org/html/rfc9110#section-15.5.10",
        410 => "https://tools.ietf.org/html/rfc9110#section-15.5.11",
        413 => "https://tools.ietf.org/html/rfc9110#section-15.5.14",
        422 => "https://tools.ietf.org/html/rfc9110#section-15.5.21",
        _ => "https://tools.ietf.org/html/rfc9110#section-15.6.4",
    };
}
