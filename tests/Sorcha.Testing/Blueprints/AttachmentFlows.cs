using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;

namespace Sorcha.Testing.Blueprints;

/// <summary>
/// Attachments on expense-approval's first step, with three callers each owning the wallet of one participant: the
/// sample discloses <c>/*</c> to the employee and the manager and named fields to finance, so finance is a participant
/// who receives no file unless the disclosure pointers given for finance add one (e.g. <c>/attachments/1</c>).
/// </summary>
public static class AttachmentFlows
{
    public static readonly byte[] Receipt = Encoding.UTF8.GetBytes("%PDF-1.7 a receipt for the partner summit flights\n");
    public static readonly byte[] Notes = Encoding.UTF8.GetBytes("booked in economy; the hotel is separate\n");

    public sealed record Party(SorchaClient Client, string Wallet);

    public sealed record Setup(string InstanceId, string RegisterId, Party Employee, Party Manager, Party Finance);

    /// <param name="registerId">A register the employee's caller may write to; by default one it creates.</param>
    public static async Task<Setup> InstanceAsync(HttpClient employee, HttpClient manager, HttpClient finance,
        string[]? financePointers = null, string? registerId = null)
    {
        var parties = await Task.WhenAll(new[] { employee, manager, finance }.Select(async http =>
        {
            var client = new SorchaClient(http);
            return new Party(client, (await client.Wallets.CreateAsync("attachment test")).Address);
        }));
        var blueprint = BlueprintFlows.Sample("expense-approval");
        var financeDisclosure = blueprint["actions"]![0]!["disclosures"]!.AsArray().Single(d => (string)d!["participant"]! == "finance")!;
        foreach (var pointer in financePointers ?? [])
        {
            financeDisclosure["pointers"]!.AsArray().Add(pointer);
        }

        var owner = parties[0].Client;
        var blueprintId = (await BlueprintFlows.CreateAsync(employee, blueprint)).Id!;
        await owner.Blueprints.PublishAsync(blueprintId);
        var register = registerId ?? (await owner.Registers.CreateAsync("attachment test")).Id;
        var instance = await owner.Instances.CreateAsync(blueprintId, register, new Dictionary<string, string>
        {
            ["employee"] = parties[0].Wallet, ["manager"] = parties[1].Wallet, ["finance"] = parties[2].Wallet,
        });
        return new Setup(instance.InstanceId, register, parties[0], parties[1], parties[2]);
    }

    /// <summary>The first step's body with files, as JSON (so tests can also send what the typed model cannot).</summary>
    public static JsonObject Body(string sender, params (string Name, string ContentType, byte[] Content)[] files) => new()
    {
        ["sender"] = sender,
        ["data"] = JsonSerializer.SerializeToNode(Samples.ExpenseClaim, JsonSerializerOptions.Web),
        ["attachments"] = new JsonArray([.. files.Select(f => (JsonNode)new JsonObject
        {
            ["name"] = f.Name, ["contentType"] = f.ContentType, ["content"] = Convert.ToBase64String(f.Content),
        })]),
    };

    public static string Sha256(byte[] content) => Convert.ToHexStringLower(SHA256.HashData(content));

    /// <summary>The committed transaction's <c>payload.attachments</c> (present: an action with files records them).</summary>
    public static async Task<IReadOnlyList<PayloadAttachment>> RecordedAsync(SorchaClient client, string registerId, string txId)
    {
        var payload = (await client.Registers.GetTransactionAsync(registerId, txId)).Payload.Deserialize<ActionPayload>(Json.Options)!;
        Assert.True(payload.Attachments is not null, $"no attachments member in {txId}'s payload");
        return payload.Attachments;
    }
}
