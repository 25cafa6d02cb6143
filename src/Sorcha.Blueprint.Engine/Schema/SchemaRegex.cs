using System.Diagnostics.CodeAnalysis;
using System.Text.RegularExpressions;

namespace Sorcha.Blueprint.Engine.Schema;

/// <summary>
/// Regexes for "pattern" and "patternProperties". .NET's non-backtracking engine runs in linear time, so a hostile
/// pattern in a published blueprint cannot stall validation (ReDoS); patterns it cannot run (lookarounds,
/// backreferences) fall back to the backtracking engine with a match timeout. Matching is unanchored, as in ECMA-262.
/// </summary>
internal static partial class SchemaRegex
{
    internal static readonly TimeSpan MatchTimeout = TimeSpan.FromMilliseconds(100);

    // ECMA-262 spells Unicode general categories by their long names too (\p{Letter}); .NET knows only the short ones.
    private static readonly Dictionary<string, string> Categories = new(StringComparer.Ordinal)
    {
        ["Letter"] = "L", ["Cased_Letter"] = "LC", ["Uppercase_Letter"] = "Lu", ["Lowercase_Letter"] = "Ll",
        ["Titlecase_Letter"] = "Lt", ["Modifier_Letter"] = "Lm", ["Other_Letter"] = "Lo", ["Mark"] = "M",
        ["Nonspacing_Mark"] = "Mn", ["Spacing_Mark"] = "Mc", ["Enclosing_Mark"] = "Me", ["Number"] = "N",
        ["Decimal_Number"] = "Nd", ["digit"] = "Nd", ["Letter_Number"] = "Nl", ["Other_Number"] = "No", ["Punctuation"] = "P",
        ["Connector_Punctuation"] = "Pc", ["Dash_Punctuation"] = "Pd", ["Open_Punctuation"] = "Ps",
        ["Close_Punctuation"] = "Pe", ["Initial_Punctuation"] = "Pi", ["Final_Punctuation"] = "Pf",
        ["Other_Punctuation"] = "Po", ["Symbol"] = "S", ["Math_Symbol"] = "Sm", ["Currency_Symbol"] = "Sc",
        ["Modifier_Symbol"] = "Sk", ["Other_Symbol"] = "So", ["Separator"] = "Z", ["Space_Separator"] = "Zs",
        ["Line_Separator"] = "Zl", ["Paragraph_Separator"] = "Zp", ["Other"] = "C", ["Control"] = "Cc",
        ["Format"] = "Cf", ["Surrogate"] = "Cs", ["Private_Use"] = "Co", ["Unassigned"] = "Cn",
    };

    public static bool TryCreate(string pattern, [NotNullWhen(true)] out Regex? regex, [NotNullWhen(false)] out string? error)
    {
        regex = null;
        error = null;
        pattern = LongCategoryName().Replace(pattern, m =>
            Categories.TryGetValue(m.Groups[2].Value, out var code) ? $"{m.Groups[1].Value}{{{code}}}" : m.Value);
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

    // \p{Name} or \P{Name}, not preceded by another backslash (which would make it a literal "\p").
    [GeneratedRegex(@"(?<!\\)(\\[pP])\{([A-Za-z_]+)\}")]
    private static partial Regex LongCategoryName();
}
