using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// A rule failed for this data: arithmetic without a number as its answer ("NaN": 0/0, x/0, "abc" * 2), arguments an
/// operator cannot take ("Invalid Arguments"), or a value the rule threw with "throw". Raised rather than folded into
/// null because a blueprint's calculated value is committed and signed: a silent null would be recorded as if it were
/// the answer. "try" catches it inside the rule; the engine reports it at <see cref="Location"/> in the rule.
/// </summary>
public sealed class JsonLogicException : Exception
{
    public const string NaN = "NaN";

    public const string InvalidArguments = "Invalid Arguments";

    public JsonLogicException(string type, JsonNode? value = null, string? location = null)
        : base($"The rule fails{(location is null ? string.Empty : $" at '{(location.Length == 0 ? "/" : location)}'")}: {Describe(type)}")
    {
        Type = type;
        Value = value;
        Location = location;
    }

    public JsonLogicException()
        : this(InvalidArguments)
    {
    }

    public JsonLogicException(string message, Exception innerException)
        : base(message, innerException)
    {
        Type = message;
    }

    /// <summary>"NaN", "Invalid Arguments", or the type of a thrown error.</summary>
    public string Type { get; }

    /// <summary>What "try" hands to its next argument as data: the thrown object, or {"type": Type}.</summary>
    public JsonNode? Value { get; }

    /// <summary>JSON Pointer to the failing operator in the rule ("/if/1/~1"); null until that operation adds it.</summary>
    public string? Location { get; }

    internal JsonLogicException At(string location) => new(Type, Value, location);

    private static string Describe(string type) => type switch
    {
        NaN => "the arithmetic has no numeric answer (NaN: a non-number operand, or division by zero)",
        InvalidArguments => "an operator was given arguments it cannot take (Invalid Arguments)",
        _ => $"the rule threw '{type}'",
    };
}
