namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>A built-in function as a value: it can be named, passed through $let and called, but never rendered.</summary>
internal sealed class JeFunction(string name, Func<Evaluation, Scope, List<object?>, object?> invoke)
{
    public string Name { get; } = name;

    public object? Invoke(Evaluation evaluation, Scope scope, List<object?> arguments) => invoke(evaluation, scope, arguments);

    public override string ToString() => $"function {Name}";
}
