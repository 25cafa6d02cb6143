using System.Text.Json.Nodes;

namespace Sorcha.Testing;

/// <summary>The repository's sample blueprints (samples/blueprints) and the expense claim their tests submit.</summary>
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

    /// <summary>The file of a sample blueprint (e.g. "expense-approval"), as a user would post it.</summary>
    public static string BlueprintPath(string name) => Path.Combine(BlueprintsDirectory.Value, name + ".json");
}
