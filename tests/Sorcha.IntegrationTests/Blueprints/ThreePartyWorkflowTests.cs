using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Transactions;
using Sorcha.Contracts.Blueprints;
using Sorcha.Contracts.Instances;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Ledger.Verification;

namespace Sorcha.IntegrationTests.Blueprints;

/// <summary>
/// expense-approval end to end through the gateway, each participant a different caller with its own wallet: every
/// step lands in the register, each participant can open exactly the fields disclosed to it, and the register verifies.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Collection(PlatformScope.Name)]
public sealed class ThreePartyWorkflowTests(PlatformFixture platform)
{
    [Fact]
    public async Task Expense_claim_runs_to_completion_with_per_participant_disclosure()
    {
        var callers = new Dictionary<string, HttpClient>
        {
            ["employee"] = await platform.ClientAsync("wf-employee"),
            ["manager"] = await platform.ClientAsync("wf-manager"),
            ["finance"] = await platform.ClientAsync("wf-finance"),
        };
        try
        {
            // Each participant's wallet is created by its own caller (and so only that caller can act or decrypt with it).
            var wallets = new Dictionary<string, string>
            {
                ["employee"] = await InstanceFlows.WalletAsync(callers["employee"], "ED25519"),
                ["manager"] = await InstanceFlows.WalletAsync(callers["manager"], "NISTP256"),
                ["finance"] = await InstanceFlows.WalletAsync(callers["finance"], "ED25519"),
            };
            var employee = callers["employee"];
            var sample = BlueprintFlows.Sample("expense-approval");
            var blueprintId = await BlueprintFlows.PublishedAsync(employee, "expense-approval");
            var registerId = await InstanceFlows.RegisterAsync(employee);
            var instanceId = await InstanceFlows.InstanceAsync(employee, blueprintId, registerId, wallets);

            var steps = new (string Action, string Participant, object Data, string? Next)[]
            {
                ("submit", "employee", InstanceFlows.Claim, "approve"),
                ("approve", "manager", new { decision = "approved", approvedAmount = 1500, comment = "Fine" }, "finance-review"),
                ("finance-review", "finance", new { paid = true, paymentReference = "PAY-123456", paymentDate = "2025-03-20" }, null),
            };

            var committed = new List<(string Action, SubmitActionResponse Receipt)>();
            foreach (var (action, participant, data, next) in steps)
            {
                var receipt = await Json.PostAsync<SubmitActionResponse>(callers[participant], $"/api/instances/{instanceId}/actions/{action}",
                    new { sender = wallets[participant], data }, HttpStatusCode.Created);
                Assert.Matches("^[0-9a-f]{64}$", receipt.TxId);
                Assert.Equal(next, receipt.NextActionId);
                Assert.Equal(wallets.Values.Order(), receipt.Recipients.Order());
                committed.Add((action, receipt));
            }

            var calculated = committed[0].Receipt.Calculated;
            Assert.Equal(300m, calculated["tax"]!.GetValue<decimal>());
            Assert.Equal(1800m, calculated["total"]!.GetValue<decimal>());

            var state = await Json.GetAsync<InstanceDto>(employee, $"/api/instances/{instanceId}");
            Assert.Equal("completed", state.Status);
            Assert.Null(state.NextActionId);
            Assert.Equal(committed.Select(c => c.Receipt.TxId), state.TxIds);

            foreach (var (action, receipt) in committed)
            {
                var tx = await Json.GetAsync<CommittedTransactionDocument>(employee, $"/api/registers/{registerId}/transactions/{receipt.TxId}");
                Assert.Equal(receipt.TxId, tx.TxId);
                Assert.Equal(new TransactionMetadataDocument("Action", blueprintId, instanceId, action), tx.Metadata);

                // What each participant should see of this step: the submitted data after calculation.
                var submitted = JsonSerializer.SerializeToElement(steps.Single(s => s.Action == action).Data);
                var seen = action == "submit" ? Merge(submitted, calculated) : submitted;
                var envelopes = tx.Payload.Deserialize<ActionPayload>(Json.Options)!.Envelopes;
                foreach (var (participant, wallet) in wallets)
                {
                    var expected = InstanceFlows.ExpectedFields(sample, action, participant, seen);
                    var mine = envelopes.Where(e => e.Recipient == wallet).ToList();
                    Assert.Equal(expected is null ? 0 : 1, mine.Count);
                    if (expected is null)
                    {
                        continue;
                    }

                    var opened = await new SorchaClient(callers[participant]).Wallets.DecryptAsync(wallet, mine[0]);
                    // Raw: the disclosed fields' names and values are the point, not a model.
                    var plain = JsonDocument.Parse(opened).RootElement;
                    Assert.Equal(expected, plain.EnumerateObject().Select(p => p.Name).Order(StringComparer.Ordinal));
                    foreach (var field in plain.EnumerateObject())
                    {
                        Assert.True(JsonElement.DeepEquals(seen.GetProperty(field.Name), field.Value), $"{action}/{participant}/{field.Name}");
                    }

                    // Nobody else can open it.
                    var other = wallets.Keys.First(p => wallets[p] != wallet);
                    var refused = await Assert.ThrowsAsync<SorchaApiException>(() => new SorchaClient(callers[other]).Wallets.DecryptAsync(wallet, mine[0]));
                    Assert.Equal(404, refused.Status);
                }
            }

            var verified = await Json.GetAsync<VerificationResult>(employee, $"/api/registers/{registerId}/verify");
            Assert.True(verified.Valid, verified.ToString());
            Assert.Equal(3, verified.CheckedTransactions);

            using var afterCompletion = await employee.PostAsJsonAsync($"/api/instances/{instanceId}/actions/submit",
                new { sender = wallets["employee"], data = InstanceFlows.Claim });
            await ProblemAssert.IsProblemAsync(afterCompletion, HttpStatusCode.Conflict);
        }
        finally
        {
            foreach (var client in callers.Values)
            {
                client.Dispose();
            }
        }
    }

    private static JsonElement Merge(JsonElement data, JsonObject calculated)
    {
        var merged = JsonNode.Parse(data.GetRawText())!.AsObject();
        foreach (var (name, value) in calculated)
        {
            merged[name] = value?.DeepClone();
        }

        return JsonSerializer.SerializeToElement(merged);
    }
}
