using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"dependentRequired": when property X is present, the listed properties are required too.</summary>
internal sealed class DependentRequiredKeyword(Dictionary<string, string[]> dependencies) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        if (!schema.TryGetPropertyValue("dependentRequired", out var node))
        {
            return null;
        }

        var at = JsonPointer.Append(pointer, "dependentRequired");
        if (node is not JsonObject map)
        {
            compiler.Problem(at, "'dependentRequired' must be an object whose values are arrays of strings");
            return null;
        }

        var dependencies = new Dictionary<string, string[]>(StringComparer.Ordinal);
        foreach (var (name, value) in map)
        {
            if (compiler.UniqueStrings(value, JsonPointer.Append(at, name), "dependentRequired") is { } names)
            {
                dependencies[name] = names;
            }
        }

        return new DependentRequiredKeyword(dependencies);
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope)
    {
        if (instance is not JsonObject obj)
        {
            return true;
        }

        var valid = true;
        foreach (var (trigger, names) in dependencies)
        {
            if (obj.ContainsKey(trigger) &&
                !RequiredKeyword.CheckPresent(obj, names, scope, $"is required when '{trigger}' is present"))
            {
                valid = false;
                if (!scope.Collecting)
                {
                    return false;
                }
            }
        }

        return valid;
    }
}
