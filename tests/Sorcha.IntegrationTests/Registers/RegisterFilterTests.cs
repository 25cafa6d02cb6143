using System.Net;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Transactions;
using Sorcha.Contracts.Instances;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Registers;

/// <summary>
/// A register's filtered reads and stats through the gateway, on the transactions a real workflow commits: each step's
/// envelopes are sealed by the Wallet service for every participant, so the wallet filter finds a participant by the
/// recipients the platform itself wrote. What each filter must answer is worked out from the unfiltered read.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class RegisterFilterTests(PlatformFixture platform)
{
    [Fact]
    public async Task Workflow_steps_are_found_by_participant_blueprint_and_instance_and_counted_by_type()
    {
        using var employee = await platform.ClientAsync("filter-employee");
        using var manager = await platform.ClientAsync("filter-manager");
        var wallets = new Dictionary<string, string>
        {
            ["employee"] = await InstanceFlows.WalletAsync(employee),
            ["manager"] = await InstanceFlows.WalletAsync(manager, "NISTP256"),
            ["finance"] = await InstanceFlows.WalletAsync(employee),
        };
        var blueprintId = await BlueprintFlows.PublishedAsync(employee, "expense-approval");
        var registerId = await InstanceFlows.RegisterAsync(employee);
        var first = await InstanceFlows.InstanceAsync(employee, blueprintId, registerId, wallets);
        var second = await InstanceFlows.InstanceAsync(employee, blueprintId, registerId, wallets);
        await StepAsync(employee, first, "submit", wallets["employee"], InstanceFlows.Claim);
        await StepAsync(employee, second, "submit", wallets["employee"], InstanceFlows.Claim);
        await StepAsync(manager, first, "approve", wallets["manager"], new { decision = "approved", approvedAmount = 1500, comment = "ok" });

        // A plain transaction of the register's owner: no recipients, a type of its own.
        var note = TransactionSigner.Generate().Sign(registerId, new JsonObject { ["note"] = "filters" }, new TransactionMetadataDocument("Note"));
        var client = new SorchaClient(employee);
        await client.Transactions.SubmitAsync(note.Transaction);

        var all = (await client.Registers.GetTransactionsAsync(registerId, pageSize: 100)).Items;
        Assert.Equal(4, all.Count);
        foreach (var filter in new RegisterTransactionFilter[]
        {
            new(Wallet: wallets["manager"]), new(Wallet: note.Transaction.Sender), new(BlueprintId: blueprintId),
            new(InstanceId: second), new(Wallet: wallets["finance"], InstanceId: first),
            new(Wallet: wallets["manager"], BlueprintId: blueprintId, InstanceId: second), new(BlueprintId: Guid.NewGuid().ToString("N")),
        })
        {
            var expected = all.Where(t => Matches(t, filter)).Select(t => t.Sequence).ToList();
            var found = await client.Registers.GetTransactionsAsync(registerId, filter, pageSize: 100);
            Assert.Equal(expected, found.Items.Select(t => t.Sequence));
            Assert.Equal(expected.Count, found.TotalCount);
        }

        // Paged: the second page of two holds the third and later matches, the total all of them.
        var steps = all.Where(t => t.Metadata?.Type == "Action").Select(t => t.Sequence).ToList();
        var page = await client.Registers.GetTransactionsAsync(registerId, new RegisterTransactionFilter(BlueprintId: blueprintId), 2, 2);
        Assert.Equal(3, page.TotalCount);
        Assert.Equal(steps.Skip(2), page.Items.Select(t => t.Sequence));

        await RegisterFlows.WaitUntilSealedAsync(employee, registerId, 4);
        var stats = await client.Registers.GetStatsAsync(registerId);
        var last = await client.Registers.GetDocketAsync(registerId, stats.Dockets - 1);
        Assert.Equal((4L, 3L, 1L, 2), (stats.Height, stats.ByType["Action"], stats.ByType["Note"], stats.ByType.Count));
        Assert.Equal(last.SealedAt, stats.LastSealedAt);
        Assert.Equal(3, last.LastSequence);
    }

    private static Task<SubmitActionResponse> StepAsync(HttpClient caller, string instanceId, string action, string sender, object data) =>
        Json.PostAsync<SubmitActionResponse>(caller, $"/api/instances/{instanceId}/actions/{action}", new { sender, data }, HttpStatusCode.Created);

    /// <summary>The contract's meaning of each filter, applied to a transaction as the unfiltered read returns it.</summary>
    private static bool Matches(CommittedTransactionDocument tx, RegisterTransactionFilter filter)
    {
        // Raw: any payload's envelopes count, whatever the transaction's type; a payload is free JSON, with no record.
        var recipients = tx.Payload.ValueKind == JsonValueKind.Object && tx.Payload.TryGetProperty("envelopes", out var envelopes)
            ? envelopes.EnumerateArray().Select(e => e.GetProperty("recipient").GetString()).ToList()
            : [];
        return (filter.Wallet is null || tx.Sender == filter.Wallet || recipients.Contains(filter.Wallet))
               && (filter.BlueprintId is null || tx.Metadata?.BlueprintId == filter.BlueprintId)
               && (filter.InstanceId is null || tx.Metadata?.InstanceId == filter.InstanceId);
    }
}
