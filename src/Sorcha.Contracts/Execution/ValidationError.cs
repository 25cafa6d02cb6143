namespace Sorcha.Contracts.Execution;

/// <summary>
/// One problem, located by a JSON Pointer (RFC 6901). For data validation the pointer is into the instance
/// (e.g. "/amount", "" for the root); for schema, rule and blueprint checks it is into the document being checked.
/// Serialises as <c>{ "pointer", "message" }</c>, the shape api.md uses for validation errors.
/// </summary>
// CA1720 dislikes "Pointer" as a name; it is the wire name api.md fixes, and means a JSON Pointer, not a memory address.
#pragma warning disable CA1720
public sealed record ValidationError(string Pointer, string Message);
#pragma warning restore CA1720
