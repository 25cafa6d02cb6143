namespace Sorcha.Registers.Store;

public enum AppendStatus
{
    /// <summary>Appended by this call (201).</summary>
    Created,

    /// <summary>The same txId was committed before (or earlier in the same batch): the first commit is returned (200).</summary>
    Existing,
}

public sealed record AppendedTransaction(AppendStatus Status, StoredTransaction Transaction);

/// <summary>
/// The outcome of one append: either the register does not exist (nothing written), or one result per submitted
/// transaction in submission order, plus the head after the append (a hint for the next append); or the register is
/// <see cref="RegisterClosure.Archived"/> or <see cref="RegisterClosure.Deleted"/> and nothing was written.
/// </summary>
public sealed record AppendOutcome(bool UnknownRegister, IReadOnlyList<AppendedTransaction> Items, AppendHead? Head,
    RegisterClosure Closure = RegisterClosure.Open)
{
    public static AppendOutcome Unknown { get; } = new(true, [], null);

    public static AppendOutcome Archived { get; } = new(false, [], null, RegisterClosure.Archived);

    public static AppendOutcome Deleted { get; } = new(false, [], null, RegisterClosure.Deleted);
}

/// <summary>Whether a register still takes appends: open, archived by its owner (for good), or deleted (a tombstone).</summary>
public enum RegisterClosure
{
    Open,
    Archived,
    Deleted,
}

/// <summary>An append into a register that no longer takes any (<see cref="AppendOutcome.Closure"/>); nothing of it was written.</summary>
public sealed class RegisterClosedException(string registerId, RegisterClosure closure)
    : Exception($"Register {registerId} is {closure.ToString().ToLowerInvariant()}; it takes no more transactions.")
{
    public string RegisterId { get; } = registerId;

    public RegisterClosure Closure { get; } = closure;
}

/// <summary>The chain head an append expects: height and the chain hash of sequence height − 1.</summary>
public sealed record AppendHead(long Height, string ChainHash);

/// <summary>Other writers kept moving the head for longer than the retry budget; nothing of the batch was written.</summary>
public sealed class AppendConflictException(string registerId, int attempts)
    : Exception($"Register {registerId}: the head moved on each of {attempts} attempts; nothing was written.");
