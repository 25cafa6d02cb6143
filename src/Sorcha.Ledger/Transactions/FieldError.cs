namespace Sorcha.Ledger.Transactions;

/// <summary>One failing field of a submission; <c>$</c> names the body as a whole.</summary>
public sealed record FieldError(string Field, string Message);
