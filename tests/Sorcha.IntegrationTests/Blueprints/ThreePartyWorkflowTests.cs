using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Blueprints;

/// <summary>
/// expense-approval end to end through the gateway, each participant a different caller with its own wallet: every
/// step lands in the register, each participant can open exactly the fields disclosed to it, and the register verifies.
/// </summary>
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

            var committed = new List<(string Action, string TxId, JsonElement Response)>();
            foreach (var (action, participant, data, next) in steps)
            {
                var response = await Json.PostAsync(callers[participant], $"/api/instances/{instanceId}/actions/{action}",
                    new { sender = wallets[participant], data }, HttpStatusCode.Created);
                Assert.Matches("^[0-9a-f]{64}$", response.Str("txId"));
                Assert.Equal(next, response.GetProperty("nextActionId").GetString());
                Assert.Equal(wallets.Values.Order(), response.GetProperty("recipients").EnumerateArray().Select(r => r.GetString()!).Order());
                committed.Add((action, response.Str("txId"), response));
            }

            Assert.Equal(300m, committed[0].Response.GetProperty("calculated").GetProperty("tax").GetDecimal());
            Assert.Equal(1800m, committed[0].Response.GetProperty("calculated").GetProperty("total").GetDecimal());

            var state = await BlueprintFlows.GetAsync(employee, $"/api/instances/{instanceId}");
            Assert.Equal("completed", state.Str("status"));
            Assert.Equal(JsonValueKind.Null, state.GetProperty("nextActionId").ValueKind);
            Assert.Equal(committed.Select(c => c.TxId), state.GetProperty("txIds").EnumerateArray().Select(t => t.GetString()));

            foreach (var (action, txId, _) in committed)
            {
                var tx = await BlueprintFlows.GetAsync(employee, $"/api/registers/{registerId}/transactions/{txId}");
                Assert.Equal(txId, tx.Str("txId"));
                var metadata = tx.GetProperty("metadata");
                Assert.Equal(("Action", blueprintId, instanceId, action),
                    (metadata.Str("type"), metadata.Str("blueprintId"), metadata.Str("instanceId"), metadata.Str("actionId")));

                // What each participant should see of this step: the submitted data after calculation.
                var submitted = JsonSerializer.SerializeToElement(steps.Single(s => s.Action == action).Data);
                var seen = action == "submit" ? Merge(submitted, committed[0].Response.GetProperty("calculated")) : submitted;
                var envelopes = tx.GetProperty("payload").GetProperty("envelopes").EnumerateArray().ToList();
                foreach (var (participant, wallet) in wallets)
                {
                    var expected = InstanceFlows.ExpectedFields(sample, action, participant, seen);
                    var mine = envelopes.Where(e => e.Str("recipient") == wallet).ToList();
                    Assert.Equal(expected is null ? 0 : 1, mine.Count);
                    if (expected is null)
                    {
                        continue;
                    }

                    var opened = await Json.PostAsync(callers[participant], $"/api/wallets/{wallet}/decrypt", mine[0], HttpStatusCode.OK);
                    var plain = JsonDocument.Parse(Convert.FromBase64String(opened.Str("data"))).RootElement;
                    Assert.Equal(expected, plain.EnumerateObject().Select(p => p.Name).Order(StringComparer.Ordinal));
                    foreach (var field in plain.EnumerateObject())
                    {
                        Assert.True(JsonElement.DeepEquals(seen.GetProperty(field.Name), field.Value), $"{action}/{participant}/{field.Name}");
                    }

                    // Nobody else can open it.
                    var other = wallets.Keys.First(p => wallets[p] != wallet);
                    using var refused = await callers[other].PostAsJsonAsync($"/api/wallets/{wallet}/decrypt", mine[0]);
                    Assert.Equal(HttpStatusCode.NotFound, refused.StatusCode);
                }
            }

            var verified = await BlueprintFlows.GetAsync(employee, $"/api/registers/{registerId}/verify");
            Assert.True(verified.GetProperty("valid").GetBoolean(), verified.GetRawText());
            Assert.Equal(3, verified.GetProperty("checkedTransactions").GetInt32());

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

    private static JsonElement Merge(JsonElement data, JsonElement calculated)
    {
        var merged = System.Text.Json.Nodes.JsonNode.Parse(data.GetRawText())!.AsObject();
        foreach (var field in calculated.EnumerateObject())
        {
            merged[field.Name] = System.Text.Json.Nodes.JsonNode.Parse(field.Value.GetRawText());
        }

        return JsonSerializer.SerializeToElement(merged);
    }
}
