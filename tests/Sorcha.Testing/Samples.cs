using System.Text.Json.Nodes;

namespace Sorcha.Testing;

/// <summary>The repository's sample blueprints (samples/blueprints), templates (samples/templates) and the expense claim their tests submit.</summary>
public static class Samples
{
    private static readonly Lazy<string> BlueprintsDirectory = new(() =>
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            var candidate = Path.Combine(dir.FullName, "samples", "blueprints");
            if (Directory.Exists(candidate))
            {
                return candidate;
            }
        }

        throw new DirectoryNotFoundException("samples/blueprints not found above " + AppContext.BaseDirectory);
    });

    /// <summary>A valid first step of expense-approval (its "submit" action's data).</summary>
    public static readonly object ExpenseClaim = new
    {
        employeeName = "Ada Lovelace",
        employeeEmail = "ada@example.com",
        expenseDate = "2025-03-14",
        category = "travel",
        amount = 1500,
        currency = "GBP",
        description = "Flights to the partner summit",
    };

    /// <summary>A fresh copy of a sample blueprint (e.g. "expense-approval").</summary>
    public static JsonObject Blueprint(string name) => JsonNode.Parse(File.ReadAllText(BlueprintPath(name)))!.AsObject();

    /// <summary>A fresh copy of a sample template as POST /api/templates takes it (e.g. "loan-application").</summary>
    public static JsonObject Template(string name) => Read(Path.Combine(TemplatesDirectory, name + ".json"));

    /// <summary>The sample template's example instantiate body, <c>{ "parameters": … }</c>.</summary>
    public static JsonObject TemplateParameters(string name) => Read(Path.Combine(TemplatesDirectory, name + ".parameters.json"));

    private static string TemplatesDirectory => Path.Combine(BlueprintsDirectory.Value, "..", "templates");

    private static JsonObject Read(string path) => JsonNode.Parse(File.ReadAllText(path))!.AsObject();

    /// <summary>The file of a sample blueprint (e.g. "expense-approval"), as a user would post it.</summary>
    public static string BlueprintPath(string name) => Path.Combine(BlueprintsDirectory.Value, name + ".json");
}
