namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>
/// Recursive descent over JSON-e's precedence levels (lowest first): ||, &amp;&amp;, in, == !=, &lt; &gt; &lt;= &gt;=,
/// + -, * /, ** (right-associative); then property access, indexing, slicing and calls on a unit (literal, name,
/// unary operator, parenthesis, list, object). One step per token; nesting is bounded so that neither parsing nor
/// evaluating can recurse deeper than <see cref="MaxNesting"/>.
/// </summary>
internal sealed partial class Parser
{
    /// <summary>How deep an expression may nest (parentheses, operands, literals): generous next to anything an author writes.</summary>
    public const int MaxNesting = 4 * EngineLimits.MaxDepth;

    private static readonly string[][] Levels =
        [["||"], ["&&"], ["in"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/"], ["**"]];

    private static readonly string[] UnitStarts =
        ["!", "(", "+", "-", "[", "false", "identifier", "null", "number", "string", "true", "{"];

    private static readonly string[] AfterExpression =
        ["!=", "&&", "(", "*", "**", "+", "-", ".", "/", "<", "<=", "==", ">", ">=", "[", "in", "||"];

    private readonly string _source;
    private readonly WorkBudget _budget;
    private Token? _current;
    private int _nesting;

    private Parser(string source, int offset, WorkBudget budget)
    {
        _source = source;
        _budget = budget;
        _current = Read(offset);
    }

    /// <summary>
    /// The expression from <paramref name="offset"/>; with a terminator ("}" of "${…}") it must stop there and the
    /// end returned is just past it, without one it must take the whole source.
    /// </summary>
    public static (Expr Tree, int End) Parse(string source, int offset, string? terminator, WorkBudget budget)
    {
        var parser = new Parser(source, offset, budget);
        if (terminator is not null && parser._current is null)
        {
            throw JsonETemplateException.Syntax("unterminated ${..} expression");
        }

        var tree = parser.Expression(0);
        var next = parser._current;
        if (terminator is null)
        {
            return next is null ? (tree, source.Length) : throw Unexpected(next.Value, AfterExpression);
        }

        return next switch
        {
            null => throw JsonETemplateException.Syntax("unterminated ${..} expression"),
            { Kind: var kind } when kind != terminator => throw Unexpected(next.Value, AfterExpression),
            _ => (tree, next.Value.End),
        };
    }

    private Expr Expression(int level)
    {
        Enter();
        Expr node;
        if (level == Levels.Length - 1)
        {
            node = Access();
            if (Is("**"))
            {
                Take("**");
                node = Checked(new BinaryExpr("**", node, Expression(level)));
            }
        }
        else
        {
            node = Expression(level + 1);
            while (_current is { } token && Levels[level].Contains(token.Kind))
            {
                Take(token.Kind);
                node = Checked(new BinaryExpr(token.Kind, node, Expression(level + 1)));
            }
        }

        _nesting--;
        return node;
    }

    private bool Is(string kind) => _current?.Kind == kind;

    private void Take(params string[] kinds)
    {
        if (_current is not { } token)
        {
            throw JsonETemplateException.Syntax("Unexpected end of input");
        }

        if (kinds.Length > 0 && !kinds.Contains(token.Kind))
        {
            throw Unexpected(token, kinds);
        }

        _current = Read(token.End);
    }

    private Token? Read(int offset)
    {
        _budget.Step();
        return Tokenizer.Next(_source, offset);
    }

    private void Enter()
    {
        if (++_nesting > MaxNesting)
        {
            throw TooDeep();
        }
    }

    private static T Checked<T>(T node)
        where T : Expr => node.Depth > MaxNesting ? throw TooDeep() : node;

    private static BudgetExceededException TooDeep() =>
        new(BudgetKind.Output, $"A JSON-e expression nests more than {MaxNesting} levels deep.");

    private static JsonETemplateException Unexpected(Token token, string[] expected) =>
        JsonETemplateException.Syntax($"Found: {token.Value} token, expected one of: {string.Join(", ", expected.Order(StringComparer.Ordinal))}");
}
