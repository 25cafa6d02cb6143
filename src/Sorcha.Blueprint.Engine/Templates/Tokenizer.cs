namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// Reads one token at a time, as the reference tokenizer does: an interpolation "${a} #" stops at its "}" without
/// reading the text after it. Symbols are tried in the reference's order (so "**" before "*", ">=" before ">").
/// </summary>
internal static class Tokenizer
{
    private static readonly string[] Symbols =
        ["**", "+", "-", "*", "/", "[", "]", ".", "(", ")", "{", "}", ":", ",", ">=", "<=", "<", ">", "==", "!=", "!", "&&", "||"];

    private static readonly string[] Keywords = ["true", "false", "in", "null"];

    /// <summary>The token at <paramref name="offset"/> after whitespace, or null at the end of the source.</summary>
    public static Token? Next(string source, int offset)
    {
        while (offset < source.Length && char.IsWhiteSpace(source[offset]))
        {
            offset++;
        }

        if (offset >= source.Length)
        {
            return null;
        }

        foreach (var symbol in Symbols)
        {
            if (string.CompareOrdinal(source, offset, symbol, 0, symbol.Length) == 0)
            {
                return new Token(symbol, symbol, offset, offset + symbol.Length);
            }
        }

        var c = source[offset];
        if (char.IsAsciiDigit(c))
        {
            var end = Digits(source, offset);
            if (end + 1 < source.Length && source[end] == '.' && char.IsAsciiDigit(source[end + 1]))
            {
                end = Digits(source, end + 1);
            }

            return Make("number", source, offset, end);
        }

        if (char.IsAsciiLetter(c) || c == '_')
        {
            var end = offset + 1;
            while (end < source.Length && IsNamePart(source[end]))
            {
                end++;
            }

            var word = source[offset..end];
            return new Token(Keywords.Contains(word) ? word : "identifier", word, offset, end);
        }

        if (c is '\'' or '"')
        {
            var close = source.IndexOf(c, offset + 1);
            if (close >= 0)
            {
                return Make("string", source, offset, close + 1);
            }
        }

        throw JsonETemplateException.Syntax($"Unexpected input for '{source}' at '{source[offset..]}'");
    }

    public static bool IsNamePart(char c) => char.IsAsciiLetterOrDigit(c) || c == '_';

    private static int Digits(string source, int index)
    {
        while (index < source.Length && char.IsAsciiDigit(source[index]))
        {
            index++;
        }

        return index;
    }

    private static Token Make(string kind, string source, int start, int end) => new(kind, source[start..end], start, end);
}
