using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine;
using Sorcha.Blueprint.Engine.Schema;

namespace Sorcha.Web.Forms;

/// <summary>
/// The engine's verdict on one part of the form's schema (an `if`, a branch's property) for some data, so that the
/// required marks follow exactly the rules the server applies. Each part is compiled once, as a `$ref` into the whole
/// schema held in a registry, so its own `$ref`s resolve as they do in place.
/// </summary>
public sealed class ConditionSchemas
{
    private const string DocumentUri = "urn:sorcha:form-schema";

    private readonly SchemaRegistry _registry = new();
    private readonly Dictionary<string, JsonSchema?> _compiled = new(StringComparer.Ordinal);

    public ConditionSchemas(JsonNode? schema) => _registry.Add(DocumentUri, schema?.DeepClone());

    /// <summary>
    /// True when the data passes the part at <paramref name="location"/>. A part that cannot be compiled (the whole
    /// schema is then refused too, and says so) counts as failing: no mark rather than a guess.
    /// </summary>
    public bool Test(string location, JsonNode? data, WorkBudget budget)
    {
        if (!_compiled.TryGetValue(location, out var schema))
        {
            try
            {
                schema = JsonSchema.Compile(new JsonObject { ["$ref"] = DocumentUri + "#" + Pointers.ToFragment(location) }, _registry);
            }
            catch (InvalidSchemaException)
            {
                schema = null;
            }

            _compiled[location] = schema;
        }

        return schema?.IsValid(data, budget) == true;
    }
}
