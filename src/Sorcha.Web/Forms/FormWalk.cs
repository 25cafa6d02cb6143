using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine;

namespace Sorcha.Web.Forms;

/// <summary>
/// One pass over the field tree along the data: which fields exist (objects' properties, arrays' rows) and which
/// are required now. The conditions it asks the engine about share one <see cref="WorkBudget"/>, so a hostile
/// schema's conditions cost at most one budget per change; past it, the marks stop at what is already known.
/// </summary>
internal sealed class FormWalk(ConditionSchemas conditions, WorkBudget budget, HashSet<string> required, HashSet<string> fields)
{
    private bool _spent;

    public void Visit(FieldSpec spec, string at, JsonNode? value)
    {
        fields.Add(at);
        if (spec.Kind == FieldKind.Fieldset)
        {
            var obj = value as JsonObject;
            var names = RequiredNames(spec, obj);
            foreach (var property in spec.Properties)
            {
                var child = Pointers.Append(at, property.Name);
                if (names.Contains(property.Name))
                {
                    required.Add(child);
                }

                Visit(property.Field, child, obj?[property.Name]);
            }
        }
        else if (spec is { Kind: FieldKind.Array, Items: { } items } && value is JsonArray { Count: <= SchemaReader.MaxRows } rows)
        {
            for (var i = 0; i < rows.Count; i++)
            {
                Visit(items, Pointers.Append(at, i), rows[i]);
            }
        }
    }

    public void Prefill(FieldSpec spec, JsonObject data)
    {
        var names = RequiredNames(spec, data);
        foreach (var property in spec.Properties)
        {
            if (!data.ContainsKey(property.Name))
            {
                if (property.Field.Default is { } value)
                {
                    data[property.Name] = value.DeepClone();
                }
                else if (property.Field.Kind == FieldKind.Boolean && names.Contains(property.Name))
                {
                    data[property.Name] = false;
                }
            }

            // Only objects that are there: filling an absent optional object's defaults would make it present.
            if (property.Field.Kind == FieldKind.Fieldset && data[property.Name] is JsonObject child)
            {
                Prefill(property.Field, child);
            }
        }
    }

    private HashSet<string> RequiredNames(FieldSpec spec, JsonObject? data)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        if (_spent)
        {
            return names;
        }

        try
        {
            spec.Rules.Collect(data, conditions, budget, names);
        }
        catch (BudgetExceededException)
        {
            _spent = true;
        }

        return names;
    }
}
