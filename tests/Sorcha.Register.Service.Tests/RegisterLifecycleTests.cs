using System.Net;
using System.Net.Http.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Registers;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Tombstones;
using Sorcha.Registers.Store;
using StackExchange.Redis;

namespace Sorcha.Register.Service.Tests;

/// <summary>
/// A register's life in process, on a real Redis: the owner renames it, archives it (appends refused, reads go on),
/// deletes it (a tombstone that still proves what the dockets said, nothing else left); anyone else gets 404.
/// </summary>
[Collection(RegisterScope.Name)]
public sealed class RegisterLifecycleTests(RegisterServices services)
{
    [Fact]
    public async Task Patch_renames_and_describes_for_the_owner_and_answers_anyone_else_as_an_unknown_id()
    {
        var owner = services.Client("lifecycle-patch-owner");
        var id = (await owner.Registers.CreateAsync("before")).Id;

        var renamed = await owner.Registers.UpdateAsync(id, name: "after", description: "the ledger of the after party");
        Assert.Equal(("after", "the ledger of the after party"), (renamed.Name, renamed.Description));
        var undescribed = await owner.Registers.UpdateAsync(id, description: "");
        Assert.Equal(("after", null), (undescribed.Name, undescribed.Description));
        Assert.Equal(RegisterStates.Active, (await owner.Registers.GetAsync(id)).State);

        var stranger = services.Client("lifecycle-patch-stranger");
        using var foreign = await stranger.Http.PatchAsJsonAsync($"/api/registers/{id}", new { name = "mine now" });
        using var unknown = await stranger.Http.PatchAsJsonAsync($"/api/registers/{Guid.NewGuid():N}", new { name = "mine now" });
        var (a, b) = (await ProblemAssert.ReadAsync(foreign, HttpStatusCode.NotFound), await ProblemAssert.ReadAsync(unknown, HttpStatusCode.NotFound));
        Assert.Equal(a.Title, b.Title);
        using var nullName = await owner.Http.PatchAsJsonAsync($"/api/registers/{id}", new JsonObject { ["name"] = null });
        Assert.Contains("name", ProblemAssert.ErrorKeys(await ProblemAssert.ReadAsync(nullName, HttpStatusCode.BadRequest)));
        Assert.Equal("after", (await owner.Registers.GetAsync(id)).Name);
    }

    [Fact]
    public async Task Archive_seals_the_last_docket_and_refuses_every_append_while_reads_proofs_verify_and_export_go_on()
    {
        var owner = services.Client("lifecycle-archive");
        var id = (await owner.Registers.CreateAsync("to archive")).Id;
        var signer = TransactionSigner.Generate();
        var committed = new List<SignedTransaction>();
        for (var i = 0; i < 3; i++)
        {
            committed.Add(signer.Sign(id, new JsonObject { ["n"] = i }));
            await owner.Transactions.SubmitAsync(committed[^1].Transaction);
        }

        // Answered once the final docket is sealed, however young its transactions are.
        var archived = await owner.Registers.ArchiveAsync(id);
        Assert.Equal((RegisterStates.Archived, 3L), (archived.State, archived.Height));
        Assert.NotNull(archived.ArchivedAt);
        var dockets = await owner.Registers.GetDocketsAsync(id, pageSize: 100);
        Assert.Equal(2, dockets.Items[^1].LastSequence);

        var late = signer.Sign(id, new JsonObject { ["n"] = "late" });
        var refused = await Assert.ThrowsAsync<SorchaApiException>(() => owner.Transactions.SubmitAsync(late.Transaction));
        Assert.Equal((409, "Register archived"), (refused.Status, refused.Title));
        var batch = await owner.Transactions.SubmitBatchAsync([late.Transaction, signer.Sign(id, new JsonObject { ["n"] = "later" }).Transaction]);
        Assert.All(batch, item => Assert.Equal((409, "Register archived"), (item.Status, item.Problem?.Title)));

        // A resubmission of an earlier commit still gets that commit back (idempotent by txId).
        Assert.False((await owner.Transactions.SubmitAsync(committed[0].Transaction)).Created);
        Assert.Equal(3, (await owner.Registers.GetAsync(id)).Height);
        var again = await owner.Registers.ArchiveAsync(id);
        Assert.Equal((archived.State, archived.ArchivedAt, archived.Height), (again.State, again.ArchivedAt, again.Height));

        var proof = await owner.Registers.GetProofAsync(id, committed[2].TxId);
        Assert.Equal(2, proof.Sequence);
        var verified = await owner.Registers.VerifyAsync(id);
        Assert.True(verified.Valid, verified.Reason);
        Assert.Equal(3, verified.CheckedTransactions);
        var exported = new List<RegisterExportEntry>();
        await foreach (var entry in owner.Registers.ExportAsync(id))
        {
            exported.Add(entry);
        }

        Assert.Equal(3, exported.Count(e => e.Transaction is not null));
        Assert.Equal(dockets.Items.Count, exported.Count(e => e.Docket is not null));

        var stranger = services.Client("lifecycle-archive-stranger");
        var notTheirs = await Assert.ThrowsAsync<SorchaApiException>(() => stranger.Registers.ArchiveAsync(id));
        Assert.Equal(404, notTheirs.Status);
    }

    [Fact]
    public async Task Delete_needs_an_archived_register_and_leaves_only_a_tombstone_that_a_kept_docket_still_checks_against()
    {
        var owner = services.Client("lifecycle-delete");
        var id = (await owner.Registers.CreateAsync("to delete")).Id;
        var signer = TransactionSigner.Generate();
        var first = signer.Sign(id, new JsonObject { ["n"] = 1 });
        await owner.Transactions.SubmitAsync(first.Transaction);

        var open = await Assert.ThrowsAsync<SorchaApiException>(() => owner.Registers.DeleteAsync(id));
        Assert.Equal((409, "Register not archived"), (open.Status, open.Title));

        // A verifier keeps docket 0; the register grows, is archived, and the verifier takes the proof to its final docket.
        var kept = await RegisterFlowsWait.DocketAsync(owner, id, 0);
        await owner.Transactions.SubmitAsync(signer.Sign(id, new JsonObject { ["n"] = 2 }).Transaction);
        await owner.Registers.ArchiveAsync(id);
        var final = (await owner.Registers.GetDocketsAsync(id, pageSize: 100)).Items[^1];
        var proof = await owner.Registers.GetConsistencyProofAsync(id, kept.Number, final.Number);

        var stranger = services.Client("lifecycle-delete-stranger");
        Assert.Equal(404, (await Assert.ThrowsAsync<SorchaApiException>(() => stranger.Registers.DeleteAsync(id))).Status);
        var tombstone = await owner.Registers.DeleteAsync(id);
        Assert.Equal((id, final.DocketHash, final.TreeSize!.Value, "lifecycle-delete"),
            (tombstone.RegisterId, tombstone.FinalDocketHash, tombstone.TreeSize, tombstone.DeletedBy));
        Assert.Null(TombstoneChecks.CheckAgainst(tombstone, kept, proof));
        Assert.NotNull(TombstoneChecks.CheckAgainst(tombstone with { TreeSize = 1 }, kept, proof));

        var gone = await Assert.ThrowsAsync<SorchaApiException>(() => owner.Registers.GetAsync(id));
        Assert.Equal((410, "Register deleted"), (gone.Status, gone.Title));
        Assert.Equal(tombstone, await owner.Registers.GetTombstoneAsync(id));
        Assert.Equal(410, (await Assert.ThrowsAsync<SorchaApiException>(() => owner.Registers.DeleteAsync(id))).Status);
        var appended = await Assert.ThrowsAsync<SorchaApiException>(
            () => owner.Transactions.SubmitAsync(signer.Sign(id, new JsonObject { ["n"] = 3 }).Transaction));
        Assert.Equal((410, "Register deleted"), (appended.Status, appended.Title));
        Assert.Equal(404, (await Assert.ThrowsAsync<SorchaApiException>(() => owner.Transactions.GetAsync(first.TxId))).Status);

        await using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var left = new List<string>();
        await foreach (var key in redis.GetServers()[0].KeysAsync(pattern: $"reg:{{{id}}}*"))
        {
            left.Add(key.ToString());
        }

        Assert.Equal([RegisterKeys.Tombstone(id).ToString()], left);
        var db = redis.GetDatabase();
        Assert.Null(await db.SortedSetScoreAsync(RegisterKeys.Index, id));
        Assert.False(await db.SetContainsAsync(RegisterKeys.Owned("lifecycle-delete"), id));
        Assert.False(await db.HashExistsAsync(RegisterKeys.TxLocation(first.TxId), first.TxId));
    }

    [Fact]
    public async Task An_empty_register_is_archived_and_deleted_with_a_tombstone_of_size_zero()
    {
        var owner = services.Client("lifecycle-empty");
        var id = (await owner.Registers.CreateAsync("empty")).Id;
        await owner.Registers.ArchiveAsync(id);
        var tombstone = await owner.Registers.DeleteAsync(id);
        Assert.Equal((0L, null, DocketHasher.GenesisPreviousHash), (tombstone.TreeSize, tombstone.FinalDocket, tombstone.FinalDocketHash));
        Assert.Null(TombstoneChecks.Check(tombstone));
    }
}

/// <summary>Waits for a docket to be sealed (the sealer closes one a second after its first transaction).</summary>
internal static class RegisterFlowsWait
{
    public static async Task<Docket> DocketAsync(SorchaClient client, string id, long number)
    {
        var until = DateTime.UtcNow.AddSeconds(20);
        while (true)
        {
            try
            {
                return await client.Registers.GetDocketAsync(id, number);
            }
            catch (SorchaApiException e) when (e.Status == 404 && DateTime.UtcNow < until)
            {
                await Task.Delay(100);
            }
        }
    }
}
