namespace Sorcha.Blueprint.Engine;

/// <summary>
/// How much work one request may make the engine do: a validate, calculate, route or disclose call, or a whole action
/// submission (all four on one <see cref="WorkBudget"/>). Options-shaped so that the Blueprint service can bind it from
/// "Limits:Engine"; the defaults and what a caller gets when one runs out are in docs/limits.md ("Work budgets").
/// </summary>
public sealed class EngineLimits
{
    /// <summary>
    /// Deepest nesting of anything the engine builds (a scalar is 0, [] is 1). Not configurable: it matches the limit on
    /// incoming data, and what is answered or stored wraps the data in a few more levels, which must stay within what
    /// System.Text.Json and JCS accept (64).
    /// </summary>
    public const int MaxDepth = 32;

    /// <summary>Wall-clock time for the request's engine work, checked every few steps and after every regex match.</summary>
    public int TimeMilliseconds { get; set; } = 500;

    /// <summary>Evaluation steps: one per (sub)schema applied, per JSON Logic node evaluated, per uniqueItems comparison.</summary>
    public long Steps { get; set; } = 2_000_000;

    /// <summary>
    /// What the engine builds: one per JSON value copied or array item collected, one per character of each string built
    /// (calculated strings, copied strings and property names, validation error pointers and messages).
    /// </summary>
    public long Output { get; set; } = 2_000_000;
}
