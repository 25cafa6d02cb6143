using System.Text.Json.Nodes;

namespace Sorcha.Web.Forms;

/// <summary>The required rules of an object schema (see <see cref="RequiredRule"/>), read through its in-place subschemas.</summary>
public sealed partial class SchemaReader
{
    private RequiredRule ReadRules(JsonObject schema, string location, int depth)
    {
        if (depth > MaxApplicatorDepth || ++_rules > MaxRules)
        {
            return RequiredRule.None;
        }

        var rules = new List<RequiredRule>();
        if (Strings(schema["required"]) is { Count: > 0 } required)
        {
            rules.Add(new RequiredRule.Names(required));
        }

        if (schema["dependentRequired"] is JsonObject dependentRequired)
        {
            rules.AddRange(dependentRequired.Take(MaxRules)
                .Select(p => new RequiredRule.Dependent(p.Key, new RequiredRule.Names(Strings(p.Value) ?? []))));
        }

        if (schema["dependentSchemas"] is JsonObject dependentSchemas)
        {
            rules.AddRange(dependentSchemas.Take(MaxRules).Where(p => p.Value is JsonObject).Select(p => new RequiredRule.Dependent(p.Key,
                ReadRules(p.Value!.AsObject(), Pointers.Append(Pointers.Append(location, "dependentSchemas"), p.Key), depth + 1))));
        }

        if (schema.ContainsKey("if") && (schema.ContainsKey("then") || schema.ContainsKey("else")))
        {
            rules.Add(new RequiredRule.Conditional(Pointers.Append(location, "if"),
                Branch(schema["then"], Pointers.Append(location, "then"), depth),
                Branch(schema["else"], Pointers.Append(location, "else"), depth)));
        }

        if (schema["allOf"] is JsonArray allOf)
        {
            rules.AddRange(allOf.Take(MaxRules).Select((b, i) => Branch(b, Pointers.Append(Pointers.Append(location, "allOf"), i), depth)));
        }

        foreach (var keyword in (string[])["oneOf", "anyOf"])
        {
            if (schema[keyword] is JsonArray branches)
            {
                rules.Add(new RequiredRule.Branches(branches.Take(MaxRules)
                    .Select((b, i) => Alternative(b, Pointers.Append(Pointers.Append(location, keyword), i), depth)).ToList()));
            }
        }

        if (schema.TryGetPropertyValue("$ref", out var reference) && SchemaChain.Follow(_root, reference) is ({ } target, { } at))
        {
            rules.Add(ReadRules(target, at, depth + 1));
        }

        return rules.Count == 1 ? rules[0] : new RequiredRule.All(rules);
    }

    private RequiredRule Branch(JsonNode? node, string location, int depth) =>
        node is JsonObject schema ? ReadRules(schema, location, depth + 1) : RequiredRule.None;

    // A oneOf/anyOf branch is told apart by its own properties' schemas (e.g. decision: {const: "approve"}).
    private RequiredRule.Branch Alternative(JsonNode? node, string location, int depth)
    {
        var discriminators = node?["properties"] is JsonObject properties
            ? properties.Take(MaxRules).Select(p => (p.Key, Pointers.Append(Pointers.Append(location, "properties"), p.Key))).ToList()
            : [];
        return new RequiredRule.Branch(discriminators, Branch(node, location, depth));
    }

    private static List<string>? Strings(JsonNode? node) =>
        node is JsonArray names ? names.Take(MaxControls).OfType<JsonValue>().Select(n => n.TryGetValue(out string? s) ? s : null).OfType<string>().ToList() : null;
}
