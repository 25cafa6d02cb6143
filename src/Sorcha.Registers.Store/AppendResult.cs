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
/// transaction in submission order, plus the head after the append (a hint for the next append).
/// </summary>
public sealed record AppendOutcome(bool UnknownRegister, IReadOnlyList<AppendedTransaction> Items, AppendHead? Head)
{
    public static AppendOutcome Unknown { get; } = new(true, [], null);
}

/// <summary>The chain head an append expects: height and the chain hash of sequence height − 1.</summary>
public sealed record AppendHead(long Height, string ChainHash);

/// <summary>Other writers kept moving the head for longer than the retry budget; nothing of the batch was written.</summary>
public sealed class AppendConflictException(string registerId, int attempts)
    : Exception($"Register {registerId}: the head moved on each of {attempts} attempts; nothing was written.");
