using System.Net;
using Sorcha.Client;
using Sorcha.Contracts.Registers;
using Sorcha.Testing.Registers;

namespace Sorcha.Transaction.Service.Tests;

/// <summary>
/// Before write rights, any authenticated caller could append to any register. A register's owner (its creator) grants and
/// revokes writers; everyone else's commit is 403, single or in a batch. (Instances bound to a register, and their
/// steps: Sorcha.Blueprint.Service.Tests' WriteRightsTests.)
/// </summary>
[Collection(TransactionScope.Name)]
public sealed class CommitRightsTests(TransactionServices services)
{
    [Fact]
    public async Task Only_the_owner_and_granted_writers_commit_and_only_the_owner_grants()
    {
        using var alice = await services.ClientAsync("rights-alice");
        using var bob = await services.ClientAsync("rights-bob");
        using var carol = await services.ClientAsync("rights-carol");
        var id = (await RegisterFlows.RegisterAsync(alice, "rights")).Id;
        var signer = Signer.New();

        await RegisterFlows.SubmitAsync(alice, RegisterFlows.Build(id, signer), HttpStatusCode.Created);
        await AssertProblemAsync(await bob.PostAsync("/api/transactions", RegisterFlows.Body(RegisterFlows.Build(id, signer).Json)),
            HttpStatusCode.Forbidden);

        using (var batch = await bob.PostAsync("/api/transactions/batch", RegisterFlows.BatchBody([RegisterFlows.Build(id, signer)])))
        {
            Assert.Equal(HttpStatusCode.OK, batch.StatusCode);
            var item = Assert.Single((await Json.ReadAsync<SubmittedBatch>(batch)).Results);
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

        await RegisterFlows.SubmitAsync(bob, RegisterFlows.Build(id, signer), HttpStatusCode.Created);
        var writers = await Json.GetAsync<RegisterWritersDto>(bob, $"/api/registers/{id}/writers");
        Assert.Equal(id, writers.RegisterId);
        Assert.Equal("rights-alice", writers.Owner);
        Assert.Equal(["rights-bob"], writers.Writers);

        // A writer does not grant; the owner revokes and the writer's next commit is refused.
        await AssertProblemAsync(await bob.PutAsync($"/api/registers/{id}/writers/rights-carol", null), HttpStatusCode.Forbidden);
        await AssertProblemAsync(await carol.PostAsync("/api/transactions", RegisterFlows.Body(RegisterFlows.Build(id, signer).Json)),
            HttpStatusCode.Forbidden);
        using (var revoked = await alice.DeleteAsync($"/api/registers/{id}/writers/rights-bob"))
        {
            Assert.Equal(HttpStatusCode.NoContent, revoked.StatusCode);
        }

        await AssertProblemAsync(await bob.PostAsync("/api/transactions", RegisterFlows.Body(RegisterFlows.Build(id, signer).Json)),
            HttpStatusCode.Forbidden);
        Assert.Equal(2, await RegisterFlows.HeightAsync(alice, id));
    }

    private static async Task AssertProblemAsync(HttpResponseMessage response, HttpStatusCode status)
    {
        using (response)
        {
            await ProblemAssert.IsProblemAsync(response, status);
        }
    }
}
