using System.Text.Json.Nodes;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>
/// unevaluatedProperties / unevaluatedItems: applies to the properties or items that no other keyword of this schema
/// (nor of the subschemas it applied in place and that passed) evaluated. Compiled last, so that the annotations
/// are complete when it runs; what it evaluates counts as evaluated for an enclosing schema too.
/// </summary>
internal sealed class UnevaluatedKeyword(SchemaNode schema, bool properties) : IKeyword
{
    public static IKeyword? CreateProperties(JsonObject schema, string pointer, SchemaCompiler compiler) =>
        compiler.Subschema(schema, "unevaluatedProperties", pointer) is { } node ? new UnevaluatedKeyword(node, true) : null;

    public static IKeyword? CreateItems(JsonObject schema, string pointer, SchemaCompiler compiler) =>
        compiler.Subschema(schema, "unevaluatedItems", pointer) is { } node ? new UnevaluatedKeyword(node, false) : null;

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        // The node made the set for this instance (SchemaNode.Evaluate), because this keyword is among its keywords.
        if (scope.Evaluated is not { } evaluated)
        {
            return true;
        }

        return (properties, instance) switch
        {
            (true, JsonObject obj) => EvaluateProperties(obj, evaluated, scope),
            (false, JsonArray array) => EvaluateItems(array, evaluated, scope),
            _ => true,
        };
    }

    private bool EvaluateProperties(JsonObject obj, EvaluatedLocations evaluated, in EvaluationScope scope)
    {
        var valid = true;
        var index = 0;
        foreach (var (name, value) in obj)
        {
            if (!evaluated[index] && !Check(value, scope.Property(name), "property (unevaluatedProperties is false)"))
            {
                valid = false;
                if (!scope.Collecting)
                {
                    return false;
                }
            }

            index++;
        }

        if (valid)
        {
            evaluated.Mark(0, obj.Count);
        }

        return valid;
    }

    private bool EvaluateItems(JsonArray array, EvaluatedLocations evaluated, in EvaluationScope scope)
    {
        var valid = true;
        for (var i = 0; i < array.Count; i++)
        {
            if (!evaluated[i] && !Check(array[i], scope.Item(i), "item (unevaluatedItems is false)"))
            {
                valid = false;
                if (!scope.Collecting)
                {
                    return false;
                }
            }
        }

        if (valid)
        {
            evaluated.Mark(0, array.Count);
        }

        return valid;
    }

    private bool Check(JsonNode? value, in EvaluationScope child, string what)
    {
        if (!schema.IsFalse)
        {
            return schema.Evaluate(value, child);
        }

        // A clearer message than the generic false-schema one for the common "closed object" case.
        child.Budget.Step();
        child.Report($"is not an allowed {what}");
        return false;
    }
}
