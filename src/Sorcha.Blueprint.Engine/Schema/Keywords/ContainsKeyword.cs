using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>contains with minContains (default 1) and maxContains; both bounds are ignored without "contains".</summary>
internal sealed class ContainsKeyword(SchemaNode contains, int min, int? max) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        // Read the bounds even without "contains" so that publishing still reports malformed values.
        var min = compiler.NonNegativeInteger(schema, "minContains", pointer);
        var max = compiler.NonNegativeInteger(schema, "maxContains", pointer);
        var contains = compiler.Subschema(schema, "contains", pointer);
        return contains is null ? null : new ContainsKeyword(contains, min ?? 1, max);
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (instance is not JsonArray array)
        {
            return true;
        }

        var matches = 0;
        var quiet = scope.Quiet();
        for (var i = 0; i < array.Count; i++)
        {
            if (contains.Evaluate(array[i], quiet.Item(i)))
            {
                matches++;
                scope.Evaluated?.Mark(i);
            }
        }

        if (matches < min)
        {
            scope.Report(min == 1
                ? "must contain at least one item matching the 'contains' schema"
                : $"must contain at least {min} items matching the 'contains' schema (found {matches})");
            return false;
        }

        if (matches > max)
        {
            scope.Report($"must contain at most {max} items matching the 'contains' schema (found {matches})");
            return false;
        }

        return true;
    }
}
