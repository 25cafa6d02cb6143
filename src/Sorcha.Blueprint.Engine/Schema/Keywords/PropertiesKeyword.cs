using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>
/// properties, patternProperties and additionalProperties as one keyword, because "additional" means
/// "matched by neither of the other two" in the same schema object.
/// </summary>
internal sealed class PropertiesKeyword(
    Dictionary<string, SchemaNode>? properties,
    (Regex Pattern, SchemaNode Schema)[] patterns,
    SchemaNode? additional) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        var properties = compiler.SubschemaMap(schema, "properties", pointer);
        var patternSchemas = compiler.SubschemaMap(schema, "patternProperties", pointer);
        var additional = compiler.Subschema(schema, "additionalProperties", pointer);

        var patterns = new List<(Regex, SchemaNode)>();
        foreach (var (source, node) in patternSchemas ?? new Dictionary<string, SchemaNode>())
        {
            var at = JsonPointer.Append(JsonPointer.Append(pointer, "patternProperties"), source);
            if (SchemaRegex.TryCreate(source, out var regex, out var error))
            {
                patterns.Add((regex, node));
            }
            else
            {
                compiler.Problem(at, $"'{source}' is not a valid regular expression: {error}");
            }
        }

        if (properties is null && patterns.Count == 0 && additional is null)
        {
            return null;
        }

        return new PropertiesKeyword(properties, [.. patterns], additional);
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (instance is not JsonObject obj)
        {
            return true;
        }

        var valid = true;
        var index = 0;
        foreach (var (name, value) in obj)
        {
            if (!EvaluateProperty(name, value, scope, out var matched))
            {
                valid = false;
                if (!scope.Collecting)
                {
                    return false;
                }
            }

            // Annotation for unevaluatedProperties: every name one of the three keywords applied to.
            if (matched)
            {
                scope.Evaluated?.Mark(index);
            }

            index++;
        }

        return valid;
    }

    private bool EvaluateProperty(string name, JsonNode? value, in EvaluationScope scope, out bool applied)
    {
        var child = scope.Property(name);
        var matched = false;
        var valid = true;
        applied = true;
        if (properties is not null && properties.TryGetValue(name, out var declared))
        {
            matched = true;
            valid = declared.Evaluate(value, child);
            if (!valid && !scope.Collecting)
            {
                return false;
            }
        }

        foreach (var (pattern, schema) in patterns)
        {
            if (SchemaRegex.IsMatch(pattern, name, scope.Budget))
            {
                matched = true;
                valid &= schema.Evaluate(value, child);
            }
        }

        if (matched || additional is null)
        {
            applied = matched;
            return valid;
        }

        if (additional.IsFalse)
        {
            // A clearer message than the generic false-schema one for the common "no extra fields" case.
            child.Report("is not an allowed property (additionalProperties is false)");
            return false;
        }

        return additional.Evaluate(value, child) && valid;
    }
}
