namespace Sorcha.Registers.Store;

/// <summary>
/// <c>GET /api/registers/{id}/transactions?wallet&amp;blueprintId&amp;instanceId</c>: the transactions every given
/// filter matches (AND). <see cref="Wallet"/> must be a valid address and the other values 1 to
/// <see cref="TransactionIndex.MaxValueLength"/> characters; the Register service checks that before asking.
/// </summary>
public sealed record TransactionFilter(string? Wallet = null, string? BlueprintId = null, string? InstanceId = null)
{
    public bool IsEmpty => Wallet is null && BlueprintId is null && InstanceId is null;

    /// <summary>The index of each given filter.</summary>
    internal IReadOnlyList<StackExchange.Redis.RedisKey> Keys(string registerId) =>
    [
        .. Wallet is null ? [] : new[] { RegisterKeys.ByWallet(registerId, Wallet) },
        .. BlueprintId is null ? [] : new[] { RegisterKeys.ByBlueprint(registerId, BlueprintId) },
        .. InstanceId is null ? [] : new[] { RegisterKeys.ByInstance(registerId, InstanceId) },
    ];
}

public enum FilterOutcome
{
    Found,

    /// <summary>No such register.</summary>
    UnknownRegister,

    /// <summary>The register holds transactions from before the indexes that are not indexed yet (the backfill runs).</summary>
    NotIndexed,

    /// <summary>Combined filters whose smallest index holds more entries than the budget allows to walk.</summary>
    OverBudget,
}

/// <summary>
/// A page of the matching transactions and <see cref="Total"/>, the exact number that match at <see cref="Height"/>
/// (the head read first: transactions appended meanwhile are in neither). <see cref="Smallest"/>: the entries of the
/// smallest index asked (what a combined filter walks, and what went over the budget).
/// </summary>
public sealed record FilteredTransactions(FilterOutcome Outcome, IReadOnlyList<StoredTransaction> Items, long Total, long Height,
    long Smallest = 0)
{
    public static FilteredTransactions Refused(FilterOutcome outcome, long smallest = 0) => new(outcome, [], 0, 0, smallest);
}

/// <summary><c>GET /api/registers/{id}/stats</c> as the store reads it, in one atomic step.</summary>
public sealed record RegisterCounts(long Height, long Dockets, string? LastSealedAt, IReadOnlyDictionary<string, long> ByType, bool Indexed);
