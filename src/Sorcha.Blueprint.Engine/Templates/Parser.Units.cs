namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>The units of an expression and what may follow one (.name, [index], [a:b], (arguments)).</summary>
internal sealed partial class Parser
{
    private Expr Access()
    {
        var node = Unit();
        while (_current is { } token && token.Kind is "[" or "(" or ".")
        {
            node = token.Kind switch
            {
                "[" => Brackets(node),
                "(" => Call(node),
                _ => Dot(node),
            };
            Checked(node);
        }

        return node;
    }

    private Expr Unit()
    {
        if (_current is not { } token)
        {
            throw JsonETemplateException.Syntax("Unexpected end of input");
        }

        Enter();
        Expr node;
        switch (token.Kind)
        {
            case "-" or "+" or "!":
                Take(token.Kind);
                node = Checked(new UnaryExpr(token.Kind, Unit()));
                break;
            case "number":
                Take(token.Kind);
                node = new LiteralExpr(JeValues.ParseLiteral(token.Value));
                break;
            case "string":
                Take(token.Kind);
                node = new LiteralExpr(token.Value[1..^1]);
                break;
            case "true" or "false":
                Take(token.Kind);
                node = new LiteralExpr(token.Kind == "true");
                break;
            case "null":
                Take(token.Kind);
                node = new LiteralExpr(null);
                break;
            case "identifier":
                Take(token.Kind);
                node = new NameExpr(token.Value);
                break;
            case "(":
                Take("(");
                node = Expression(0);
                Take(")");
                break;
            case "[":
                node = List();
                break;
            case "{":
                node = Object();
                break;
            default:
                throw Unexpected(token, UnitStarts);
        }

        _nesting--;
        return node;
    }

    private DotExpr Dot(Expr target)
    {
        Take(".");
        var name = _current;
        Take("identifier");
        return new DotExpr(target, name!.Value.Value);
    }

    private IndexExpr Brackets(Expr target)
    {
        Take("[");
        if (Is("]"))
        {
            throw Unexpected(_current!.Value, UnitStarts);
        }

        Expr? start = Is(":") ? null : Expression(0);
        var slice = Is(":");
        if (slice)
        {
            Take(":");
        }

        Expr? end = slice && !Is("]") ? Expression(0) : null;
        Take("]");
        return new IndexExpr(target, slice, start, end);
    }

    private CallExpr Call(Expr function)
    {
        Take("(");
        var arguments = Is(")") ? [] : Items(")");
        Take(")");
        return new CallExpr(function, arguments);
    }

    private ListExpr List()
    {
        Take("[");
        var items = Is("]") ? [] : Items("]");
        Take("]");
        return Checked(new ListExpr(items));
    }

    private List<Expr> Items(string close)
    {
        List<Expr> items = [Expression(0)];
        while (Is(","))
        {
            Take(",");
            items.Add(Expression(0));
        }

        return items;
    }

    // {a: 1, 'b c': 2}: names or quoted strings as keys; a trailing comma is allowed, as in the reference.
    private ObjectExpr Object()
    {
        Take("{");
        var properties = new List<KeyValuePair<string, Expr>>();
        while (_current is { Kind: "string" or "identifier" } key)
        {
            Take(key.Kind);
            Take(":");
            var name = key.Kind == "string" ? key.Value[1..^1] : key.Value;
            properties.Add(new(name, Expression(0)));
            if (Is("}"))
            {
                break;
            }

            Take(",");
        }

        Take("}");
        return Checked(new ObjectExpr(properties));
    }
}
