using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using Sorcha.Client;
using Sorcha.Testing.Blueprints;
using Sorcha.Testing.Ledger;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>
/// issue 14: any authenticated caller could append to any register. A register's owner (its creator) grants and
/// revokes writers; everyone else's commit is 403, single or in a batch, and only its owner or a writer may bind a
/// blueprint instance to it.
/// </summary>
[Collection(BlueprintScope.Name)]
public sealed class WriteRightsTests(BlueprintServices services)
{
    [Fact]
    public async Task Only_the_owner_and_granted_writers_commit_and_only_the_owner_grants()
    {
        using var alice = await services.ClientAsync("rights-alice");
        using var bob = await services.ClientAsync("rights-bob");
        using var carol = await services.ClientAsync("rights-carol");
        var id = (await LedgerFlows.RegisterAsync(alice, "rights")).Id;
        var signer = Signer.New();

        await LedgerFlows.SubmitAsync(alice, LedgerFlows.Build(id, signer), HttpStatusCode.Created);
        await AssertProblemAsync(await bob.PostAsync("/api/transactions", LedgerFlows.Body(LedgerFlows.Build(id, signer).Json)),
            HttpStatusCode.Forbidden);

        using (var batch = await bob.PostAsync("/api/transactions/batch", LedgerFlows.BatchBody([LedgerFlows.Build(id, signer)])))
        {
            Assert.Equal(HttpStatusCode.OK, batch.StatusCode);
            var item = Assert.Single((await Json.ReadAsync<BatchResponse>(batch)).Results);
            Assert.Equal(403, item.Status);
            Assert.Equal(403, item.Problem?.Status);
        }

        // Bob may not grant himself, nor see the writers; an unknown register is 404.
        await AssertProblemAsync(await bob.PutAsync($"/api/registers/{id}/writers/rights-bob", null), HttpStatusCode.Forbidden);
        await AssertProblemAsync(await bob.GetAsync($"/api/registers/{id}/writers"), HttpStatusCode.Forbidden);
        await AssertProblemAsync(await alice.PutAsync("/api/registers/0123456789abcdef0123456789abcdef/writers/rights-bob", null),
            HttpStatusCode.NotFound);

        using (var granted = await alice.PutAsync($"/api/registers/{id}/writers/rights-bob", null))
        {
            Assert.Equal(HttpStatusCode.NoContent, granted.StatusCode);
        }

        await LedgerFlows.SubmitAsync(bob, LedgerFlows.Build(id, signer), HttpStatusCode.Created);
        var writers = await Json.GetAsync<RegisterWriters>(bob, $"/api/registers/{id}/writers");
        Assert.Equal(id, writers.RegisterId);
        Assert.Equal("rights-alice", writers.Owner);
        Assert.Equal(["rights-bob"], writers.Writers);

        // A writer does not grant; the owner revokes and the writer's next commit is refused.
        await AssertProblemAsync(await bob.PutAsync($"/api/registers/{id}/writers/rights-carol", null), HttpStatusCode.Forbidden);
        await AssertProblemAsync(await carol.PostAsync("/api/transactions", LedgerFlows.Body(LedgerFlows.Build(id, signer).Json)),
            HttpStatusCode.Forbidden);
        using (var revoked = await alice.DeleteAsync($"/api/registers/{id}/writers/rights-bob"))
        {
            Assert.Equal(HttpStatusCode.NoContent, revoked.StatusCode);
        }

        await AssertProblemAsync(await bob.PostAsync("/api/transactions", LedgerFlows.Body(LedgerFlows.Build(id, signer).Json)),
            HttpStatusCode.Forbidden);
        Assert.Equal(2, await LedgerFlows.HeightAsync(alice, id));
    }

    [Fact]
    public async Task Only_the_owner_or_a_writer_binds_an_instance_to_a_register()
    {
        using var owner = await services.ClientAsync("rights-inst-owner");
        using var writer = await services.ClientAsync("rights-inst-writer");
        using var stranger = await services.ClientAsync("rights-inst-stranger");
        var register = await InstanceFlows.RegisterAsync(owner);
        (await owner.PutAsync($"/api/registers/{register}/writers/rights-inst-writer", null)).Dispose();

        foreach (var (caller, expected) in new[] { (stranger, HttpStatusCode.Forbidden), (writer, HttpStatusCode.Created) })
        {
            var wallet = await InstanceFlows.WalletAsync(caller);
            var blueprint = await BlueprintFlows.PublishedAsync(caller, "expense-approval");
            using var response = await caller.PostAsJsonAsync($"/api/blueprints/{blueprint}/instances", new
            {
                registerId = register,
                participants = new { employee = wallet, manager = wallet, finance = wallet },
            });
            if (expected == HttpStatusCode.Forbidden)
            {
                await ProblemAssert.IsProblemAsync(response, expected);
            }
            else
            {
                Assert.Equal(expected, response.StatusCode);
            }
        }
    }

    [Fact]
    public async Task Revoking_the_instance_creators_right_stops_its_steps_until_granted_again()
    {
        using var owner = await services.ClientAsync("rights-step-owner");
        using var writer = await services.ClientAsync("rights-step-writer");
        var register = await InstanceFlows.RegisterAsync(owner);
        (await owner.PutAsync($"/api/registers/{register}/writers/rights-step-writer", null)).Dispose();
        var wallet = await InstanceFlows.WalletAsync(writer);
        var blueprint = await BlueprintFlows.PublishedAsync(writer, "expense-approval");
        var instance = await InstanceFlows.InstanceAsync(writer, blueprint, register,
            new Dictionary<string, string> { ["employee"] = wallet, ["manager"] = wallet, ["finance"] = wallet });
        (await owner.DeleteAsync($"/api/registers/{register}/writers/rights-step-writer")).Dispose();

        using (var refused = await writer.PostAsJsonAsync($"/api/instances/{instance}/actions/submit",
            new { sender = wallet, data = InstanceFlows.Claim }))
        {
            await ProblemAssert.IsProblemAsync(refused, HttpStatusCode.Forbidden);
        }

        Assert.Equal(0, await LedgerFlows.HeightAsync(owner, register));
        (await owner.PutAsync($"/api/registers/{register}/writers/rights-step-writer", null)).Dispose();

        // The refused transaction was dropped, not kept pending (the Transaction service does not hold it): the step
        // goes through with other data, signed afresh, instead of a 409 for the refused attempt committed late.
        var otherData = JsonSerializer.SerializeToNode(InstanceFlows.Claim)!.AsObject();
        otherData["amount"] = 99;
        await Json.PostAsync(writer, $"/api/instances/{instance}/actions/submit", new { sender = wallet, data = otherData },
            HttpStatusCode.Created);
        Assert.Equal(1, await LedgerFlows.HeightAsync(owner, register));
    }

    private static async Task AssertProblemAsync(HttpResponseMessage response, HttpStatusCode status)
    {
        using (response)
        {
            await ProblemAssert.IsProblemAsync(response, status);
        }
    }
}
