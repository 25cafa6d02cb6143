using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;
using Sorcha.Web.Api;

namespace Sorcha.Web.Components.Instances;

/// <summary>
/// Reads what the instance page shows: the instance, the blueprint version it runs, and each committed step's
/// transaction from its register, checked here and opened with the person's own wallets. The newest
/// <see cref="MaxSteps"/> steps are read (each costs a register read and a decryption per own envelope).
/// </summary>
/// <summary>What the instance page shows; <see cref="RegisterState"/>: active, archived or <see cref="InstanceLoader.Deleted"/>.</summary>
public sealed record InstanceView(InstanceDto Instance, BlueprintDto Blueprint, IReadOnlyList<TimelineEntry> Timeline, string RegisterState);

public sealed class InstanceLoader(UserApi api, MyWallets wallets)
{
    public const int MaxSteps = 50;

    public async Task<InstanceView> LoadAsync(string instanceId)
    {
        var client = await api.ClientAsync();
        var instance = await client.Instances.GetAsync(instanceId);
        var blueprint = await client.Blueprints.GetVersionAsync(instance.BlueprintId, instance.BlueprintVersion);
        var register = await RegisterStateAsync(client, instance.RegisterId);
        var mine = (await wallets.AllAsync()).Select(w => w.Address).ToHashSet(StringComparer.Ordinal);
        var timeline = new List<TimelineEntry>();
        // A deleted register's transactions are gone: its steps are listed by the instance alone, unchecked.
        foreach (var step in register == Deleted ? [] : instance.Steps.TakeLast(MaxSteps))
        {
            timeline.Add(await EntryAsync(client, instance, blueprint, step, mine));
        }

        return new InstanceView(instance, blueprint, timeline, register);
    }

    /// <summary>What <see cref="InstanceView.RegisterState"/> says of a register that was deleted (its GET is 410).</summary>
    public const string Deleted = "deleted";

    private static async Task<string> RegisterStateAsync(SorchaClient client, string registerId)
    {
        try
        {
            return (await client.Registers.GetAsync(registerId)).State;
        }
        catch (SorchaApiException ex) when (ex.Status == 410)
        {
            return Deleted;
        }
    }

    private static async Task<TimelineEntry> EntryAsync(SorchaClient client, InstanceDto instance, BlueprintDto blueprint,
        InstanceStep step, HashSet<string> mine)
    {
        var tx = await client.Registers.GetTransactionAsync(instance.RegisterId, step.TxId);
        var problem = TransactionIds.Check(tx) ?? (tx.TxId == step.TxId ? null : "the register returned another transaction");
        var payload = tx.Payload.Deserialize(SorchaJsonContext.Default.ActionPayload);
        var opened = await OpenAsync(client, payload, mine);
        var title = blueprint.Actions.FirstOrDefault(a => a.Id == step.ActionId)?.Title ?? step.ActionId;
        var reason = step.Rejected ? opened?["reason"]?.GetValue<string>() : null;
        return new TimelineEntry(step, title, problem, step.Rejected ? null : opened, reason, payload?.Attachments ?? [],
            payload?.Attachments?.Any(a => a.Envelopes.Any(e => mine.Contains(e.Recipient))) == true);
    }

    /// <summary>The first envelope addressed to one of the person's wallets, decrypted (JCS JSON of what was disclosed).</summary>
    private static async Task<JsonObject?> OpenAsync(SorchaClient client, ActionPayload? payload, HashSet<string> mine)
    {
        var envelope = payload?.Envelopes.FirstOrDefault(e => mine.Contains(e.Recipient));
        if (envelope is null)
        {
            return null;
        }

        var bytes = await client.Wallets.DecryptAsync(envelope.Recipient, envelope);
        return JsonNode.Parse(bytes) as JsonObject;
    }
}
