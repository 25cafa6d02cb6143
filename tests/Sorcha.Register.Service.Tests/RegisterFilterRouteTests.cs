using System.Net;
using System.Security.Cryptography;
using Sorcha.Client;
using Sorcha.Cryptography;
using Sorcha.Registers.Store;
using Sorcha.Testing.Registers;
using StackExchange.Redis;

namespace Sorcha.Register.Service.Tests;

/// <summary>
/// The filters, the stats and the recipients' bound through the services' own routes (Register and Transaction in
/// process, one Redis): committed through POST /api/transactions, read through the typed client.
/// </summary>
[Collection(RegisterScope.Name)]
public sealed class RegisterFilterRouteTests(RegisterServices services)
{
    [Fact]
    public async Task Committed_transactions_are_found_by_sender_recipient_blueprint_and_instance_and_counted_by_type()
    {
        using var http = await services.ClientAsync("filters-http");
        var client = services.Client("filters-http");
        var register = new IndexedRegister((await client.Registers.CreateAsync("filters")).Id);
        var (alice, bob, carol) = (Signer.New(), Signer.New(), Signer.New().Address);
        foreach (var shape in new Shape[]
        {
            new(alice, [bob.Address, carol], "Data", "bp-1", "inst-1"),
            new(bob, [alice.Address], "Data", "bp-1", "inst-2"),
            new(alice, [], "Note", "bp-2"),
            new(bob, [carol]),
        })
        {
            await RegisterFlows.SubmitAsync(http, new Sorcha.Testing.Registers.SignedTransaction(register.Add(shape), ""), HttpStatusCode.Created);
        }

        foreach (var filter in new RegisterTransactionFilter[]
        {
            new(Wallet: carol), new(Wallet: alice.Address, BlueprintId: "bp-1"), new(BlueprintId: "bp-1", InstanceId: "inst-2"),
            new(InstanceId: "inst-1"), new(BlueprintId: "bp-none"),
        })
        {
            var page = await client.Registers.GetTransactionsAsync(register.Id, filter, pageSize: 100);
            var expected = register.Expected(new TransactionFilter(filter.Wallet, filter.BlueprintId, filter.InstanceId));
            Assert.Equal(expected, page.Items.Select(t => t.Sequence));
            Assert.Equal(expected.Count, page.TotalCount);
        }

        var stats = await client.Registers.GetStatsAsync(register.Id);
        Assert.Equal((4L, 2L, 1L), (stats.Height, stats.ByType["Data"], stats.ByType["Note"]));
        Assert.Equal(2, stats.ByType.Count);
    }

    [Fact]
    public async Task More_distinct_recipients_than_the_limit_are_refused_with_422_and_nothing_is_committed()
    {
        using var http = await services.ClientAsync("filters-bound");
        var id = (await RegisterFlows.RegisterAsync(http, "bound")).Id;
        var sender = Signer.New();
        var recipients = Enumerable.Range(0, 101).Select(_ => Addresses.FromPublicKey(SignatureAlgorithm.ED25519, RandomNumberGenerator.GetBytes(32))).ToArray();
        // Distinct addresses are counted, the sender's too when it is a recipient: 100 pass, 101 do not.
        var atLimit = IndexedRegister.Json(id, new Shape(sender, [.. recipients[..99], sender.Address, recipients[0]]));
        var over = IndexedRegister.Json(id, new Shape(sender, recipients));

        using (var refused = await http.PostAsync("/api/transactions", RegisterFlows.Body(over)))
        {
            var problem = await ProblemAssert.ReadAsync(refused, HttpStatusCode.UnprocessableEntity);
            Assert.Equal("Too many recipients", problem.Title);
            Assert.Contains("Limits:Indexes:MaxRecipients", problem.Detail);
        }

        Assert.Equal(0, await RegisterFlows.HeightAsync(http, id));
        using (var batch = await http.PostAsync("/api/transactions/batch", RegisterFlows.Body($$"""{"transactions":[{{over}},{{atLimit}}]}""")))
        {
            var results = (await Json.ReadAsync<SubmittedBatch>(batch)).Results.Select(r => r.Status);
            Assert.Equal([422, 201], results);
        }

        var client = services.Client("filters-bound");
        var page = await client.Registers.GetTransactionsAsync(id, new RegisterTransactionFilter(Wallet: recipients[98]));
        Assert.Equal((1L, 0L), (page.TotalCount, page.Items[0].Sequence));
        Assert.Equal(0, (await client.Registers.GetTransactionsAsync(id, new RegisterTransactionFilter(Wallet: recipients[99]))).TotalCount);
    }

    [Theory]
    [InlineData("transactions?wallet={wallet}")]
    [InlineData("stats")]
    public async Task A_register_from_before_the_indexes_answers_503_with_Retry_After_until_the_service_has_indexed_it(string route)
    {
        using var http = await services.ClientAsync("filters-old");
        var register = new IndexedRegister((await RegisterFlows.RegisterAsync(http, "old")).Id);
        var wallet = Signer.New().Address;
        using var redis = await ConnectionMultiplexer.ConnectAsync(services.RedisConnectionString);
        await new RegisterStore(redis).AppendAsync(register.Id,
            register.Build(Enumerable.Range(0, 250).Select(i => new Shape(Signer.New(), i % 3 == 0 ? [wallet] : [], "Data"))));
        await register.ForgetIndexesAsync(redis);

        using (var response = await http.GetAsync($"/api/registers/{register.Id}/{route.Replace("{wallet}", wallet)}"))
        {
            var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.ServiceUnavailable);
            Assert.Equal("Index not ready", problem.Title);
            Assert.Equal("1", response.Headers.RetryAfter?.ToString());
        }

        // The refusal asked the service to index the register; it answers in full once that is done.
        var client = services.Client("filters-old");
        Assert.True(await Poll.UntilAsync(() => new RegisterStore(redis).IsIndexedAsync(register.Id), TimeSpan.FromSeconds(20)),
            "the service never indexed the register");
        var page = await client.Registers.GetTransactionsAsync(register.Id, new RegisterTransactionFilter(Wallet: wallet), pageSize: 100);
        Assert.Equal(register.Expected(new TransactionFilter(wallet)), page.Items.Select(t => t.Sequence));
        Assert.Equal(84, page.TotalCount);
        Assert.Equal(250, (await client.Registers.GetStatsAsync(register.Id)).ByType["Data"]);
    }

    [Fact]
    public async Task Bad_filter_values_and_paging_are_one_400_naming_each_field()
    {
        using var http = await services.ClientAsync("filters-bad");
        var id = (await RegisterFlows.RegisterAsync(http, "bad")).Id;
        using var response = await http.GetAsync(
            $"/api/registers/{id}/transactions?wallet=ws1nope&blueprintId={new string('b', 257)}&instanceId=&pageSize=101");

        var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.BadRequest);
        Assert.Equal(["blueprintId", "instanceId", "pageSize", "wallet"], ProblemAssert.ErrorKeys(problem).Order(StringComparer.Ordinal));
    }
}
