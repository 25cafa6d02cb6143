using System.Net;
using System.Net.Http.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Instances;
using Sorcha.Contracts.Registers;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Ledger.Tombstones;
using Sorcha.Testing.Blueprints;

namespace Sorcha.IntegrationTests.Registers;

/// <summary>
/// A register archived while transactions are in flight through the gateway (single POSTs and batches, whichever replica
/// takes them): each commits before the final docket or is refused with 409, none lost or half-written; an instance's
/// next step is refused too and the instance stays where it was; deleted, the register answers 410 with its tombstone,
/// and so does the instance's next step.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Collection(PlatformScope.Name)]
public sealed class RegisterLifecycleRaceTests(PlatformFixture platform)
{
    [Fact]
    public async Task Appends_racing_an_archive_commit_before_the_final_docket_or_are_refused_and_a_deleted_register_is_gone()
    {
        using var http = await platform.ClientAsync("lifecycle-race-owner");
        var client = new SorchaClient(http);
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(http);
        var register = (await client.Instances.GetAsync(instance)).RegisterId;
        var signer = TransactionSigner.Generate();

        var committed = new List<long>();
        var refused = 0;
        var gate = new Lock();
        var underway = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        void Count(int status, long? sequence, string? title)
        {
            lock (gate)
            {
                if (status is 201)
                {
                    committed.Add(sequence!.Value);
                    if (committed.Count == 20)
                    {
                        underway.TrySetResult();
                    }
                }
                else
                {
                    Assert.Equal((409, "Register archived"), (status, title));
                    refused++;
                }
            }
        }

        var writers = Enumerable.Range(0, 4).Select(w => Task.Run(async () =>
        {
            for (var round = 0; round < 25; round++)
            {
                if (w % 2 == 0)
                {
                    try
                    {
                        var one = await client.Transactions.SubmitAsync(signer.Sign(register, new JsonObject { ["w"] = w, ["r"] = round }).Transaction);
                        Count(201, one.Transaction.Sequence, null);
                    }
                    catch (SorchaApiException e)
                    {
                        Count(e.Status, null, e.Title);
                    }
                }
                else
                {
                    var batch = await client.Transactions.SubmitBatchAsync(Enumerable.Range(0, 5)
                        .Select(i => signer.Sign(register, new JsonObject { ["w"] = w, ["r"] = round, ["i"] = i }).Transaction));
                    foreach (var item in batch)
                    {
                        Count(item.Status, item.Transaction?.Sequence, item.Problem?.Title);
                    }
                }
            }
        })).ToArray();

        // Archived once appends are flowing, while the writers still have most of their rounds to go.
        await underway.Task.WaitAsync(TimeSpan.FromSeconds(30));
        var archived = await client.Registers.ArchiveAsync(register);
        await Task.WhenAll(writers);

        Assert.Equal(RegisterStates.Archived, archived.State);
        Assert.True(refused > 0, "no append was refused: the archive came after every writer was done");
        Assert.Equal(Enumerable.Range(0, (int)archived.Height).Select(i => (long)i), committed.Order());
        var dockets = await client.Registers.GetDocketsAsync(register, pageSize: 100);
        Assert.Equal(archived.Height - 1, dockets.Items[^1].LastSequence);
        var verified = await client.Registers.VerifyAsync(register);
        Assert.True(verified.Valid, verified.Reason);
        Assert.Equal(archived.Height, verified.CheckedTransactions);

        // The instance's next step is refused like any append, and the instance is left where it was.
        var url = $"/api/instances/{instance}/actions/submit";
        using (var step = await http.PostAsJsonAsync(url, new { sender = wallet, data = InstanceFlows.Claim }))
        {
            Assert.Equal("Register archived", (await ProblemAssert.ReadAsync(step, HttpStatusCode.Conflict)).Title);
        }

        var waiting = await client.Instances.GetAsync(instance);
        Assert.Equal(("submit", 0), (waiting.NextActionId, waiting.TxIds.Count));

        var kept = dockets.Items[0];
        var proof = await client.Registers.GetConsistencyProofAsync(register, kept.Number, dockets.Items[^1].Number);
        var tombstone = await client.Registers.DeleteAsync(register);
        Assert.Null(TombstoneChecks.CheckAgainst(tombstone, kept, proof));
        Assert.Equal(tombstone, await client.Registers.GetTombstoneAsync(register));
        using (var step = await http.PostAsJsonAsync(url, new { sender = wallet, data = InstanceFlows.Claim }))
        {
            Assert.Equal("Register deleted", (await ProblemAssert.ReadAsync(step, HttpStatusCode.Gone)).Title);
        }
    }
}
