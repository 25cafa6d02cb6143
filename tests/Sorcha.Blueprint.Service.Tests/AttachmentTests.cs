using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts.Instances;
using Sorcha.Testing.Blueprints;
using static Sorcha.Testing.Blueprints.AttachmentFlows;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>
/// Files on an action: disclosed by the action's pointers, sealed per recipient, their hashes signed into the
/// transaction, and handed out by <c>GET /api/instances/{id}/attachments/{txId}/{index}</c> to recipients only.
/// </summary>
[Collection(BlueprintScope.Name)]
public sealed class AttachmentTests(BlueprintServices services)
{
    [Fact]
    public async Task Each_file_reaches_exactly_its_recipients_and_the_register_records_what_was_sent()
    {
        using var employee = await services.ClientAsync("attach-employee");
        using var manager = await services.ClientAsync("attach-manager");
        using var finance = await services.ClientAsync("attach-finance");
        using var stranger = await services.ClientAsync("attach-stranger");
        var setup = await InstanceAsync(employee, manager, finance, ["/attachments/1"]);

        using var submitted = await employee.PostAsJsonAsync($"/api/instances/{setup.InstanceId}/actions/submit",
            Body(setup.Employee.Wallet, ("receipt.pdf", "application/pdf", Receipt), ("notes.txt", "text/plain; charset=utf-8", Notes)));
        Assert.Equal(HttpStatusCode.Created, submitted.StatusCode);
        var txId = (await Json.ReadAsync<SubmitActionResponse>(submitted)).TxId;

        var recorded = await RecordedAsync(setup.Employee.Client, setup.RegisterId, txId);
        Assert.Equal(2, recorded.Count);
        AssertRecorded(recorded[0], "receipt.pdf", "application/pdf", Receipt, setup.Employee.Wallet, setup.Manager.Wallet);
        AssertRecorded(recorded[1], "notes.txt", "text/plain; charset=utf-8", Notes,
            setup.Employee.Wallet, setup.Manager.Wallet, setup.Finance.Wallet);

        // A recipient downloads its envelope and opens it with its wallet: the bytes sent, whose hash the register holds.
        var envelope = await setup.Manager.Client.Instances.GetAttachmentAsync(setup.InstanceId, txId, 0);
        Assert.Equal(setup.Manager.Wallet, envelope.Recipient);
        var receipt = await setup.Manager.Client.Wallets.DecryptAsync(setup.Manager.Wallet, envelope);
        Assert.Equal(Receipt, receipt);
        Assert.Equal(recorded[0].Sha256, Sha256(receipt));
        var notes = await setup.Finance.Client.Wallets.DecryptAsync(setup.Finance.Wallet,
            await setup.Finance.Client.Instances.GetAttachmentAsync(setup.InstanceId, txId, 1));
        Assert.Equal(Notes, notes);

        // A participant of the instance who is not a recipient of file 0, and a stranger: both 404, as an unknown index.
        var url = $"/api/instances/{setup.InstanceId}/attachments/{txId}";
        foreach (var (who, path) in new[] { (finance, url + "/0"), (stranger, url + "/0"), (stranger, url + "/1"), (employee, url + "/2"),
            (employee, $"/api/instances/{setup.InstanceId}/attachments/{new string('a', 64)}/0"),
            (employee, $"/api/instances/{Guid.NewGuid():N}/attachments/{txId}/0") })
        {
            using var refused = await who.GetAsync(path);
            await ProblemAssert.IsProblemAsync(refused, HttpStatusCode.NotFound);
        }

        using var badIndex = await employee.GetAsync(url + "/first");
        await ProblemAssert.IsProblemAsync(badIndex, HttpStatusCode.BadRequest);

        // The files are part of what the sender signed: the register still verifies end to end.
        Assert.True((await setup.Employee.Client.Registers.VerifyAsync(setup.RegisterId)).Valid);
    }

    [Fact]
    public async Task An_action_without_files_records_no_attachments_member()
    {
        using var caller = await services.ClientAsync("attach-none");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(caller);
        var client = new SorchaClient(caller);
        var receipt = await client.Instances.SubmitActionAsync(instance, "submit", wallet,
            JsonSerializer.SerializeToNode(InstanceFlows.Claim, JsonSerializerOptions.Web));
        var state = await client.Instances.GetAsync(instance);

        var payload = (await client.Registers.GetTransactionAsync(state.RegisterId, receipt.TxId)).Payload;
        Assert.Equal(["envelopes"], payload.EnumerateObject().Select(p => p.Name));
    }

    private static void AssertRecorded(PayloadAttachment file, string name, string contentType, byte[] content, params string[] recipients)
    {
        Assert.Equal(name, file.Name);
        Assert.Equal(contentType, file.ContentType);
        Assert.Equal(content.Length, file.Size);
        Assert.Equal(Sha256(content), file.Sha256);
        Assert.Equal(recipients, file.Envelopes.Select(e => e.Recipient));
    }
}
