namespace Sorcha.Blueprint.Engine.Templates;

/// <summary>The classes of failure the JSON-e specification names; <see cref="JsonETemplateException.Kind"/> carries one.</summary>
public enum JsonEErrorKind
{
    /// <summary>The template misuses an operator ($map without each(x), $let over a non-object, …).</summary>
    Template,

    /// <summary>An expression could not be evaluated (wrong operand types, unknown name, index out of bounds).</summary>
    Interpreter,

    /// <summary>An expression could not be parsed.</summary>
    Syntax,

    /// <summary>A built-in function was called with the wrong arguments (a kind of interpreter error).</summary>
    Builtin,
}

/// <summary>
/// A JSON-e template that fails for its context. The message reads as the reference implementation's does
/// ("InterpreterError at template.a: unknown context value x"), so an author can look it up in the JSON-e docs.
/// </summary>
public sealed class JsonETemplateException : Exception
{
    public JsonETemplateException(JsonEErrorKind kind, string reason)
        : base(reason)
    {
        Kind = kind;
        Reason = reason;
    }

    public JsonETemplateException()
        : this(JsonEErrorKind.Template, "The template is invalid.")
    {
    }

    public JsonETemplateException(string message)
        : this(JsonEErrorKind.Template, message)
    {
    }

    public JsonETemplateException(string message, Exception innerException)
        : base(message, innerException)
    {
        Reason = message;
    }

    public JsonEErrorKind Kind { get; }

    /// <summary>What went wrong, without the kind or the location.</summary>
    public string Reason { get; }

    /// <summary>Where in the template, as JSON-e writes it (".a[2]"); empty at the top.</summary>
    public string Location { get; private set; } = string.Empty;

    public override string Message => Location.Length > 0 ? $"{Name} at template{Location}: {Reason}" : $"{Name}: {Reason}";

    private string Name => Kind switch
    {
        JsonEErrorKind.Syntax => "SyntaxError",
        JsonEErrorKind.Interpreter => "InterpreterError",
        JsonEErrorKind.Builtin => "BuiltinError",
        _ => "TemplateError",
    };

    internal static JsonETemplateException Template(string reason) => new(JsonEErrorKind.Template, reason);

    internal static JsonETemplateException Interpreter(string reason) => new(JsonEErrorKind.Interpreter, reason);

    internal static JsonETemplateException Syntax(string reason) => new(JsonEErrorKind.Syntax, reason);

    internal static JsonETemplateException Builtin(string name) => new(JsonEErrorKind.Builtin, $"invalid arguments to builtin: {name}");

    internal JsonETemplateException At(string location)
    {
        Location = location + Location;
        return this;
    }
}
