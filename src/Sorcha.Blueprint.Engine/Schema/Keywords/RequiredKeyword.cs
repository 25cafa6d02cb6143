using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Json;

namespace Sorcha.Blueprint.Engine.Schema.Keywords;

/// <summary>"required": reported at the missing property's own pointer ("/amount"), which is what a form can highlight.</summary>
internal sealed class RequiredKeyword(string[] names) : IKeyword
{
    public static IKeyword? Create(JsonObject schema, string pointer, SchemaCompiler compiler)
    {
        if (!schema.TryGetPropertyValue("required", out var node))
        {
            return null;
        }

        var names = compiler.UniqueStrings(node, JsonPointer.Append(pointer, "required"), "required");
        return names is { Length: > 0 } ? new RequiredKeyword(names) : null;
    }

    public bool Evaluate(JsonNode? instance, in EvaluationScope scope) => CheckPresent(instance, names, scope, "is required");

    internal static bool CheckPresent(JsonNode? instance, string[] names, in EvaluationScope scope, string message)
    {
        if (instance is not JsonObject obj)
        {
            return true;
        }

        var valid = true;
        foreach (var name in names)
        {
            if (!obj.ContainsKey(name))
            {
                valid = false;
                if (!scope.Collecting)
                {
                    return false;
                }

                scope.Property(name).Report(message);
            }
        }

        return valid;
    }
}
