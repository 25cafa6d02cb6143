using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts;
using Sorcha.Contracts.Instances;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Work;

/// <summary>
/// "Never a done step, never a missing open one": many instances driven at once, with submissions racing submissions
/// and rejections racing approvals of the same step (the Replicas rerun spreads them over two replicas of every
/// service), then every participant's whole inbox and every instance list compared with each instance's own state.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class WorkIndexRaceTests(PlatformFixture platform)
{
    private const int Instances = 24;

    [Fact]
    public async Task Every_inbox_and_list_matches_the_instances_after_racing_submissions_and_rejections()
    {
        var run = Guid.NewGuid().ToString("N")[..8];
        var roles = new[] { "employee", "manager", "finance" };
        var http = new Dictionary<string, HttpClient>();
        foreach (var role in roles)
        {
            http[role] = await platform.ClientAsync($"race-{role}-{run}");
        }

        try
        {
            var clients = roles.ToDictionary(r => r, r => new SorchaClient(http[r]));
            var wallets = new Dictionary<string, string>();
            foreach (var role in roles)
            {
                wallets[role] = await InstanceFlows.WalletAsync(http[role]);
            }

            var blueprint = await BlueprintFlows.PublishedAsync(http["employee"], "expense-approval");
            var register = await InstanceFlows.RegisterAsync(http["employee"]);
            var instances = new List<string>();
            for (var i = 0; i < Instances; i++)
            {
                instances.Add(await InstanceFlows.InstanceAsync(http["employee"], blueprint, register, wallets));
            }

            await Task.WhenAll(instances.Select((id, i) => DriveAsync(clients, wallets, id, i)));

            var states = new Dictionary<string, InstanceDto>();
            foreach (var id in instances)
            {
                states[id] = await clients["employee"].Instances.GetAsync(id);
            }

            // The races went every way the script allows: some ended each way, some wait at each step.
            Assert.Contains(states.Values, s => s.State == "completed");
            Assert.Contains(states.Values, s => s.State == "rejected");
            Assert.Contains(states.Values, s => s.NextActionId == "approve");
            foreach (var role in roles)
            {
                var expected = states.Values.Where(s => s.NextParticipant == role).Select(s => (s.InstanceId, s.NextActionId!)).Order().ToList();
                var inbox = await AllAsync(page => clients[role].Instances.InboxAsync(page, 7));
                Assert.All(inbox, item => Assert.Equal(wallets[role], item.Wallet));
                Assert.Equal(expected, inbox.Select(i => (i.InstanceId, i.ActionId)).Order().ToList());
                Assert.Equal(inbox.OrderBy(i => i.Since).Select(i => i.InstanceId), inbox.Select(i => i.InstanceId)); // oldest first

                foreach (var state in new[] { "open", "completed", "rejected" })
                {
                    var listed = await AllAsync(page => clients[role].Instances.ListAsync(state, blueprint, page, 9));
                    Assert.Equal(states.Values.Where(s => s.State == state).Select(s => s.InstanceId).Order(),
                        listed.Select(i => i.InstanceId).Order());
                    Assert.All(listed, item => Assert.Equal(state, item.State));
                }

                var all = await AllAsync(page => clients[role].Instances.ListAsync(blueprintId: blueprint, page: page, pageSize: 100));
                Assert.Equal(all.OrderByDescending(i => i.CreatedAt).Select(i => i.InstanceId), all.Select(i => i.InstanceId)); // newest first
                Assert.Equal(instances.Order(), all.Select(i => i.InstanceId).Order());
            }
        }
        finally
        {
            foreach (var client in http.Values)
            {
                client.Dispose();
            }
        }
    }

    /// <summary>
    /// One instance's script, by <paramref name="i"/>: two racing submissions of the claim; then an approval racing the
    /// manager's rejection; or, past the approval, finance's payment racing its refusal. Losers get 409.
    /// </summary>
    private static async Task DriveAsync(Dictionary<string, SorchaClient> c, Dictionary<string, string> w, string id, int i)
    {
        var claim = JsonSerializer.SerializeToNode(InstanceFlows.Claim);
        await Race(Submit(c["employee"], w["employee"], id, "submit", claim), Submit(c["employee"], w["employee"], id, "submit", claim));
        switch (i % 4)
        {
            case 0:
                await Race(Submit(c["manager"], w["manager"], id, "approve", Json(new { decision = "approved", approvedAmount = 500 })),
                    Reject(c["manager"], w["manager"], id, "approve"));
                break;
            case 1:
                await Submit(c["manager"], w["manager"], id, "approve", Json(new { decision = "approved", approvedAmount = 1500 }));
                await Race(Submit(c["finance"], w["finance"], id, "finance-review", Json(new { paid = true })),
                    Reject(c["finance"], w["finance"], id, "finance-review"));
                break;
            case 2:
                await Submit(c["manager"], w["manager"], id, "approve", Json(new { decision = "approved", approvedAmount = 1500 }));
                await Reject(c["finance"], w["finance"], id, "finance-review");
                break;
        }
    }

    private static async Task Race(Task first, Task second) => await Task.WhenAll(first, second);

    private static async Task Submit(SorchaClient client, string wallet, string id, string action, JsonNode? data)
    {
        try
        {
            await client.Instances.SubmitActionAsync(id, action, wallet, data);
        }
        catch (SorchaApiException e) when (e.Status == 409)
        {
            // lost the race for the step
        }
    }

    private static async Task Reject(SorchaClient client, string wallet, string id, string action)
    {
        try
        {
            await client.Instances.RejectActionAsync(id, action, wallet, "race " + action);
        }
        catch (SorchaApiException e) when (e.Status == 409)
        {
            // lost the race for the step
        }
    }

    private static JsonNode Json(object value) => JsonSerializer.SerializeToNode(value)!;

    private static async Task<List<T>> AllAsync<T>(Func<int, Task<Paged<T>>> page)
    {
        var all = new List<T>();
        for (var p = 1; ; p++)
        {
            var got = await page(p);
            all.AddRange(got.Items);
            if (got.Items.Count == 0 || all.Count >= got.TotalCount)
            {
                Assert.Equal(got.TotalCount, all.Count);
                return all;
            }
        }
    }
}
