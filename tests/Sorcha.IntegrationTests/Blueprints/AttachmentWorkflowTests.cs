using System.Net;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Contracts.Instances;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Verify;
using static Sorcha.Testing.Blueprints.AttachmentFlows;

namespace Sorcha.IntegrationTests.Blueprints;

/// <summary>
/// A file on expense-approval's first step, through the gateway: disclosed by <c>/*</c> to the employee and the manager,
/// not to finance. The manager downloads its envelope, opens it with the Wallet service, and the bytes are those whose
/// hash the register signed (checked again offline by <c>sorcha-verify attachment</c> on the export); finance, a
/// participant, and a stranger get 404.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Collection(PlatformScope.Name)]
public sealed class AttachmentWorkflowTests(PlatformFixture platform)
{
    [Fact]
    public async Task A_recipient_downloads_and_decrypts_the_file_the_register_proves_was_sent()
    {
        using var employee = await platform.ClientAsync("attach-wf-employee");
        using var manager = await platform.ClientAsync("attach-wf-manager");
        using var finance = await platform.ClientAsync("attach-wf-finance");
        using var stranger = await platform.ClientAsync("attach-wf-stranger");
        var setup = await InstanceAsync(employee, manager, finance);

        var receipt = await setup.Employee.Client.Instances.SubmitActionAsync(setup.InstanceId, "submit",
            new SubmitActionRequest(setup.Employee.Wallet, JsonSerializer.SerializeToNode(Testing.Samples.ExpenseClaim, JsonSerializerOptions.Web),
                [AttachmentUpload.Of("receipt.pdf", "application/pdf", Receipt)]));

        var envelope = await setup.Manager.Client.Instances.GetAttachmentAsync(setup.InstanceId, receipt.TxId, 0);
        var file = await setup.Manager.Client.Wallets.DecryptAsync(setup.Manager.Wallet, envelope);
        Assert.Equal(Receipt, file);
        var recorded = await RecordedAsync(setup.Manager.Client, setup.RegisterId, receipt.TxId);
        Assert.Equal(Sha256(file), Assert.Single(recorded).Sha256);

        foreach (var refused in new[] { finance, stranger })
        {
            using var response = await refused.GetAsync($"/api/instances/{setup.InstanceId}/attachments/{receipt.TxId}/0");
            await ProblemAssert.IsProblemAsync(response, HttpStatusCode.NotFound);
        }

        // Offline: the export and the decrypted file, checked by the verifier as a third party would.
        var directory = Directory.CreateTempSubdirectory("sorcha-attach-wf-").FullName;
        try
        {
            var export = Path.Combine(directory, "export.ndjson");
            await using (var source = await setup.Manager.Client.Registers.OpenExportAsync(setup.RegisterId))
            await using (var target = File.Create(export))
            {
                await source.CopyToAsync(target);
            }

            var saved = Path.Combine(directory, "receipt.pdf");
            await File.WriteAllBytesAsync(saved, file);
            var output = new StringWriter();
            Assert.Equal(0, await AttachmentCommand.RunAsync([export, receipt.TxId, "0", saved], output, new StringWriter()));
            Assert.StartsWith("OK:", output.ToString(), StringComparison.Ordinal);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }
}
