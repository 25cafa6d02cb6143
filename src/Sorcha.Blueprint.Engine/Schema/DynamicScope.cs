namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// The schema resources evaluation has entered, innermost first: what $dynamicRef searches. Only kept when the
/// compiled schema has a $dynamicRef, so that other schemas pay nothing for it.
/// </summary>
internal sealed record DynamicScope(string Resource, DynamicScope? Outer);
