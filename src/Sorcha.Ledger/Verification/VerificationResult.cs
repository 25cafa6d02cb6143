using System.Text.Json.Serialization;

namespace Sorcha.Ledger.Verification;

/// <summary>
/// The contract's verify response. On the first fault, <see cref="FirstInvalidSequence"/> names the offending
/// transaction (the sequence expected at that position) and/or <see cref="FirstInvalidDocket"/> the offending docket
/// (an addition to the contract); <see cref="Reason"/> says what failed. The counts are what passed before the fault.
/// </summary>
public sealed record VerificationResult(
    bool Valid,
    long CheckedTransactions,
    long CheckedDockets,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] long? FirstInvalidSequence = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] long? FirstInvalidDocket = null,
    [property: JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] string? Reason = null);
