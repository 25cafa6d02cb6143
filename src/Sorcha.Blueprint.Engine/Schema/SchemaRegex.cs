using System.Diagnostics.CodeAnalysis;
using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// Regexes for "pattern" and "patternProperties". .NET's non-backtracking engine runs in linear time, so a hostile
/// pattern in a published blueprint cannot stall validation (ReDoS); patterns it cannot run (lookarounds,
/// backreferences) fall back to the backtracking engine with a match timeout. Matching is unanchored, as in ECMA-262.
/// </summary>
internal static class SchemaRegex
{
    internal static readonly TimeSpan MatchTimeout = TimeSpan.FromMilliseconds(100);

    public static bool TryCreate(string pattern, [NotNullWhen(true)] out Regex? regex, [NotNullWhen(false)] out string? error)
    {
        regex = null;
        error = null;
        try
        {
            regex = new Regex(pattern, RegexOptions.CultureInvariant | RegexOptions.NonBacktracking, MatchTimeout);
            return true;
        }
        catch (NotSupportedException)
        {
            // Constructs only the backtracking engine supports; the timeout bounds their cost instead.
        }
        catch (ArgumentException ex)
        {
            error = ex.Message;
            return false;
        }

        try
        {
            regex = new Regex(pattern, RegexOptions.CultureInvariant, MatchTimeout);
            return true;
        }
        catch (ArgumentException ex)
        {
            error = ex.Message;
            return false;
        }
    }

    /// <summary>
    /// A match that runs out of its own time counts as no match, so the instance is rejected rather than the request
    /// failing. The match timeout only bounds one match; the request's deadline, checked after every match, bounds them
    /// all, so thousands of strings against a backtracking pattern cost the budget's time, not thousands of timeouts.
    /// </summary>
    public static bool IsMatch(Regex regex, string input, WorkBudget budget)
    {
        bool matched;
        try
        {
            matched = regex.IsMatch(input);
        }
        catch (RegexMatchTimeoutException)
        {
            matched = false;
        }

        budget.CheckTime();
        return matched;
    }
}
