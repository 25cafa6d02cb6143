using System.Collections.Frozen;
using Sorcha.Blueprint.Engine.Logic.Operators;

namespace Sorcha.Blueprint.Engine.Logic;

/// <summary>
/// The supported operators: jsonlogic.com's standard set and the newer ones of the json-logic compat suites (val,
/// exists, ??, try, throw, preserve). "method" (calls host-language methods) is deliberately absent; a rule using it
/// is rejected at publish like any unknown operator.
/// </summary>
internal static class OperatorTable
{
    public static FrozenDictionary<string, LogicOperator> Operators { get; } =
        AccessOperators.All()
            .Concat(LogicalOperators.All())
            .Concat(ComparisonOperators.All())
            .Concat(ArithmeticOperators.All())
            .Concat(StringOperators.All())
            .Concat(ArrayOperators.All())
            .Concat(PathOperators.All())
            .Concat(ErrorOperators.All())
            .ToFrozenDictionary(op => op.Name, StringComparer.Ordinal);
}
