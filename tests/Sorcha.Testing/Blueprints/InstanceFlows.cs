using System.Net;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Registers;
using Sorcha.Contracts.Wallets;
using Sorcha.Contracts.Instances;

namespace Sorcha.Testing.Blueprints;

/// <summary>Instance set-up shared by the instance tests: wallets, a register, an instance of expense-approval.</summary>
public static class InstanceFlows
{
    public static readonly object Claim = Samples.ExpenseClaim;

    public static async Task<string> WalletAsync(HttpClient client, string algorithm = "ED25519") =>
        (await Json.PostAsync<CreatedWalletDto>(client, "/api/wallets", new { name = "blueprint test", algorithm }, HttpStatusCode.Created)).Address;

    public static async Task<string> RegisterAsync(HttpClient client) =>
        (await Json.PostAsync<RegisterDto>(client, "/api/registers", new { name = "blueprint test " + Guid.NewGuid().ToString("N")[..6] },
            HttpStatusCode.Created)).Id;

    public static async Task<string> InstanceAsync(HttpClient client, string blueprintId, string registerId,
        IReadOnlyDictionary<string, string> participants)
    {
        var created = await Json.PostAsync<CreatedInstanceResponse>(client, $"/api/blueprints/{blueprintId}/instances",
            new { registerId, participants }, HttpStatusCode.Created);
        return created.InstanceId;
    }

    /// <summary>One caller owning the one wallet bound to all three expense-approval participants.</summary>
    public static async Task<(string Instance, string Wallet)> SoloExpenseInstanceAsync(HttpClient client)
    {
        var wallet = await WalletAsync(client);
        var blueprint = await BlueprintFlows.PublishedAsync(client, "expense-approval");
        var register = await RegisterAsync(client);
        var participants = new Dictionary<string, string> { ["employee"] = wallet, ["manager"] = wallet, ["finance"] = wallet };
        return (await InstanceAsync(client, blueprint, register, participants), wallet);
    }

    /// <summary>
    /// The top-level field names <paramref name="participant"/> should see of <paramref name="data"/> (after calculation)
    /// under the sample's disclosures for <paramref name="actionId"/>; null when it is not named (no envelope).
    /// </summary>
    public static SortedSet<string>? ExpectedFields(JsonObject blueprint, string actionId, string participant, JsonElement data)
    {
        var action = blueprint["actions"]!.AsArray().Single(a => (string)a!["id"]! == actionId)!;
        var pointers = action["disclosures"]!.AsArray()
            .Where(d => (string)d!["participant"]! == participant)
            .SelectMany(d => d!["pointers"]!.AsArray().Select(p => (string)p!))
            .ToList();
        if (pointers.Count == 0)
        {
            return null;
        }

        var present = data.EnumerateObject().Select(p => p.Name).ToHashSet(StringComparer.Ordinal);
        return pointers.Contains("/*")
            ? new SortedSet<string>(present, StringComparer.Ordinal)
            : new SortedSet<string>(pointers.Select(p => p.TrimStart('/')).Where(present.Contains), StringComparer.Ordinal);
    }
}
