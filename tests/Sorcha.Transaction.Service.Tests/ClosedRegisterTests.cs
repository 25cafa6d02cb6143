using System.Text.Json.Nodes;
using Sorcha.Client;

namespace Sorcha.Transaction.Service.Tests;

/// <summary>A register its owner archived or deleted takes no transaction: 409 or 410, alone or in a batch, nothing written.</summary>
[Collection(TransactionScope.Name)]
public sealed class ClosedRegisterTests(TransactionServices services)
{
    [Fact]
    public async Task A_transaction_into_an_archived_register_is_409_and_into_a_deleted_one_410_alone_and_in_a_batch()
    {
        var owner = services.Client("closed-register");
        var signer = TransactionSigner.Generate();
        var id = (await owner.Registers.CreateAsync("closed")).Id;
        await owner.Transactions.SubmitAsync(signer.Sign(id, new JsonObject { ["n"] = 0 }).Transaction);
        await owner.Registers.ArchiveAsync(id);

        foreach (var (status, title) in new[] { (409, "Register archived"), (410, "Register deleted") })
        {
            var alone = await Assert.ThrowsAsync<SorchaApiException>(
                () => owner.Transactions.SubmitAsync(signer.Sign(id, new JsonObject { ["n"] = status }).Transaction));
            Assert.Equal((status, title), (alone.Status, alone.Title));
            Assert.Contains(id, alone.Detail);
            var batch = await owner.Transactions.SubmitBatchAsync([signer.Sign(id, new JsonObject { ["n"] = -status }).Transaction]);
            Assert.Equal((status, title), (batch[0].Status, batch[0].Problem?.Title));
            if (status == 409)
            {
                Assert.Equal(1, (await owner.Registers.GetAsync(id)).Height);
                await owner.Registers.DeleteAsync(id);
            }
        }
    }
}
