using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>
/// "multipleOf": exact decimal remainder when both numbers fit a decimal, so 19.99 is a multiple of 0.01
/// (binary floating point says it is not); doubles otherwise, where an integral quotient counts.
/// </summary>
internal sealed class MultipleOfKeyword(JsonNumber divisor) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        if (compiler.Number(schema, "multipleOf", pointer) is not { } divisor)
        {
            return null;
        }

        if (divisor.Double <= 0)
        {
            compiler.Problem(JsonPointer.Append(pointer, "multipleOf"), "'multipleOf' must be greater than 0");
            return null;
        }

        return new MultipleOfKeyword(divisor);
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (!JsonNumber.TryRead(instance, out var number) || IsMultiple(number))
        {
            return true;
        }

        scope.Report($"must be a multiple of {divisor}");
        return false;
    }

    private bool IsMultiple(JsonNumber number)
    {
        if (number.HasDecimal && divisor.HasDecimal)
        {
            try
            {
                return number.Decimal % divisor.Decimal == 0;
            }
            catch (OverflowException)
            {
                // Fall through to the double check.
            }
        }

        // An overflowing quotient is treated as "not a multiple", as the JSON Schema test suite expects.
        var quotient = number.Double / divisor.Double;
        return double.IsFinite(quotient) && Math.Floor(quotient) == quotient;
    }
}
