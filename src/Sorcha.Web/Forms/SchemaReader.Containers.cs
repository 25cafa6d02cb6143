using System.Text.Json.Nodes;

namespace Sorcha.Web.Forms;

/// <summary>Objects (their properties, in order) and arrays (their item field, min/maxItems).</summary>
public sealed partial class SchemaReader
{
    // How far the reader looks through allOf/anyOf/oneOf/then/else/dependentSchemas for properties they declare.
    private const int MaxApplicatorDepth = 8;

    private FieldSpec ObjectField(FieldSpec head, SchemaChain chain, int depth)
    {
        var schema = chain.Target;
        if (schema["additionalProperties"] is JsonObject || schema["unevaluatedProperties"] is JsonObject)
        {
            return Fallback(head, "its property names are open-ended (additionalProperties)");
        }

        var declared = new List<(string Name, JsonNode? Schema, string Location)>();
        Declared(schema, chain.Location, declared, new HashSet<string>(StringComparer.Ordinal), 0);
        if (declared.Count == 0)
        {
            return Fallback(head, "it declares no properties");
        }

        // Checked before reading any: a 10,000-property schema costs one count, not 500 fields and a truncated form.
        if (declared.Count > MaxControls - _controls)
        {
            return Fallback(head, $"it has more properties than the {MaxControls} fields the form lays out");
        }

        var properties = declared
            .Select(p => new PropertySpec(p.Name, ReadField(p.Schema, p.Location, p.Name, depth + 1)))
            .ToList();
        return head with { Kind = FieldKind.Fieldset, Properties = properties, Rules = ReadRules(schema, chain.Location, 0) };
    }

    /// <summary>
    /// `properties`, then those declared only inside in-place applicators (a `then` that adds a field): each is laid
    /// out once, from its first declaration; later ones (a branch's `decision: {const: …}`) only constrain it.
    /// </summary>
    private void Declared(JsonObject schema, string location, List<(string, JsonNode?, string)> into, HashSet<string> seen, int depth)
    {
        if (depth > MaxApplicatorDepth || into.Count > MaxControls)
        {
            return;
        }

        if (schema["properties"] is JsonObject properties)
        {
            foreach (var (name, value) in properties)
            {
                if (seen.Add(name))
                {
                    into.Add((name, value, Pointers.Append(Pointers.Append(location, "properties"), name)));
                }

                if (into.Count > MaxControls)
                {
                    return;
                }
            }
        }

        foreach (var (sub, at) in InPlace(schema, location))
        {
            Declared(sub, at, into, seen, depth + 1);
        }
    }

    /// <summary>The subschemas applied to the same object: allOf/anyOf/oneOf items, then, else, dependentSchemas, a local $ref.</summary>
    private IEnumerable<(JsonObject Schema, string Location)> InPlace(JsonObject schema, string location)
    {
        foreach (var keyword in (string[])["allOf", "anyOf", "oneOf"])
        {
            if (schema[keyword] is JsonArray branches)
            {
                for (var i = 0; i < branches.Count && i < MaxControls; i++)
                {
                    if (branches[i] is JsonObject branch)
                    {
                        yield return (branch, Pointers.Append(Pointers.Append(location, keyword), i));
                    }
                }
            }
        }

        foreach (var keyword in (string[])["then", "else"])
        {
            if (schema[keyword] is JsonObject branch)
            {
                yield return (branch, Pointers.Append(location, keyword));
            }
        }

        if (schema["dependentSchemas"] is JsonObject dependents)
        {
            foreach (var (name, value) in dependents.Take(MaxControls))
            {
                if (value is JsonObject dependent)
                {
                    yield return (dependent, Pointers.Append(Pointers.Append(location, "dependentSchemas"), name));
                }
            }
        }

        if (schema.TryGetPropertyValue("$ref", out var reference) && SchemaChain.Follow(_root, reference) is ({ } target, { } targetAt))
        {
            yield return (target, targetAt);
        }
    }

    private FieldSpec ArrayField(FieldSpec head, SchemaChain chain, int depth)
    {
        var schema = chain.Target;
        if (schema["items"] is not JsonObject items)
        {
            return Fallback(head, "its items may be any JSON value");
        }

        var minItems = schema["minItems"] is JsonValue min && min.TryGetValue(out int least) ? least : 0;
        int? maxItems = schema["maxItems"] is JsonValue max && max.TryGetValue(out int most) ? most : null;
        var item = ReadField(items, Pointers.Append(chain.Location, "items"), "item", depth + 1);
        return head with { Kind = FieldKind.Array, Items = item, MinItems = minItems, MaxItems = maxItems };
    }
}
