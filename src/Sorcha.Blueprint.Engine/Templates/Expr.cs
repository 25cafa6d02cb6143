namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>A parsed JSON-e expression; <see cref="Depth"/> bounds how deep evaluating it recurses.</summary>
internal abstract record Expr(int Depth)
{
    protected static int Deepest(IEnumerable<Expr> parts) => parts.Select(p => p.Depth).DefaultIfEmpty(0).Max() + 1;
}

/// <summary>A number, string, true, false or null written in the expression.</summary>
internal sealed record LiteralExpr(object? Value) : Expr(1);

/// <summary>A name looked up in the scope (context, $let, each(x), built-ins).</summary>
internal sealed record NameExpr(string Name) : Expr(1);

internal sealed record UnaryExpr(string Operator, Expr Operand) : Expr(Operand.Depth + 1);

internal sealed record BinaryExpr(string Operator, Expr Left, Expr Right) : Expr(Math.Max(Left.Depth, Right.Depth) + 1);

/// <summary>a.b: the property must exist.</summary>
internal sealed record DotExpr(Expr Target, string Property) : Expr(Target.Depth + 1);

/// <summary>a[i] or a[i:j] (either bound may be absent in a slice).</summary>
internal sealed record IndexExpr(Expr Target, bool IsSlice, Expr? Start, Expr? End)
    : Expr(Math.Max(Target.Depth, Math.Max(Start?.Depth ?? 0, End?.Depth ?? 0)) + 1);

internal sealed record CallExpr(Expr Function, IReadOnlyList<Expr> Arguments) : Expr(Deepest([Function, .. Arguments]));

internal sealed record ListExpr(IReadOnlyList<Expr> Items) : Expr(Deepest(Items));

internal sealed record ObjectExpr(IReadOnlyList<KeyValuePair<string, Expr>> Properties) : Expr(Deepest(Properties.Select(p => p.Value)));
