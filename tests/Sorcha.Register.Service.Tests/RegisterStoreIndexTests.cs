using System.Text;
using Sorcha.Ledger.Transactions;
using Sorcha.Registers.Store;
using Sorcha.Testing.Registers;
using StackExchange.Redis;

namespace Sorcha.Register.Service.Tests;

/// <summary>
/// The txId index (txId → register) is written ahead of each append; on one Redis server the append is sent behind it
/// without waiting for its answer (RegisterStore.AppendAsync). Whatever an append answers, created or existing, the
/// transaction is found by txId as soon as the append returns.
/// </summary>
[Collection(RegisterScope.Name)]
public sealed class RegisterStoreIndexTests(RegisterServices services)
{
    [Fact]
    public async Task Every_appended_transaction_is_located_as_soon_as_its_append_returns()
    {
        using var client = await services.ClientAsync("ledger-index");
        var id = (await RegisterFlows.RegisterAsync(client, "index")).Id;
        using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var store = new RegisterStore(redis);
        var signer = Signer.New();
        AppendHead? head = null;
        for (var i = 0; i < 20; i++)
        {
            Assert.True(TransactionParser.TryParse(Encoding.UTF8.GetBytes(RegisterFlows.Build(id, signer).Json), out var tx, out _));
            var outcome = await store.AppendAsync(id, [tx!], head);
            head = outcome.Head;
            Assert.Equal(AppendStatus.Created, outcome.Items[0].Status);
            Assert.Equal((id, (long)i), (await store.LocateAsync(tx!.TxId))!.Value);

            // Sent again: answered from the first commit, and still located.
            var again = await store.AppendAsync(id, [tx], head);
            Assert.Equal(AppendStatus.Existing, again.Items[0].Status);
            Assert.Equal((id, (long)i), (await store.LocateAsync(tx.TxId))!.Value);
        }
    }

    [Fact]
    public async Task An_append_to_an_unknown_register_is_refused_and_locates_nothing()
    {
        using var client = await services.ClientAsync("ledger-index-unknown");
        var id = (await RegisterFlows.RegisterAsync(client, "index-unknown")).Id;
        using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        var store = new RegisterStore(redis);
        var missing = new string('f', id.Length);
        Assert.True(TransactionParser.TryParse(Encoding.UTF8.GetBytes(RegisterFlows.Build(missing, Signer.New()).Json), out var tx, out _));

        // With a head hint the append goes straight to the script, which finds no register.
        var outcome = await store.AppendAsync(missing, [tx!], new AppendHead(0, new string('0', 64)));
        Assert.True(outcome.UnknownRegister);
        Assert.Null(await store.LocateAsync(tx!.TxId));
    }
}
