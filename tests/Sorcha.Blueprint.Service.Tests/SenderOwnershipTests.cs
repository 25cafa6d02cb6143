extern alias blueprint;

using System.Net;
using System.Net.Http.Json;
using blueprint::Sorcha.Blueprint.Service.Instances;
using blueprint::Sorcha.Blueprint.Service.Platform;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Problems;
using Sorcha.Client;
using Sorcha.Contracts.Instances;
using Sorcha.Testing.Blueprints;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>
/// The sender check before a step is claimed remembers a yes (one Wallet call fewer per action), never a no;
/// a remembered yes that has gone stale (the wallet was deleted) is still refused where the keys live, and the step
/// is given back.
/// </summary>
[Collection(BlueprintScope.Name)]
public sealed class SenderOwnershipTests(BlueprintServices services)
{
    [Fact]
    public async Task A_yes_is_asked_of_the_Wallet_once_and_a_no_every_time()
    {
        var wallet = new CountingWallet(owned: "ws1owned");
        using var owners = new SenderOwnership(new PlatformClients(wallet, new ServiceIdentity(Options.Create(new ServiceTokenOptions()), TimeProvider.System)));

        await owners.CheckAsync("alice", "ws1owned", CancellationToken.None);
        await owners.CheckAsync("alice", "ws1owned", CancellationToken.None);
        Assert.Equal(1, wallet.Calls);

        // Per caller: another caller's yes is not alice's.
        await owners.CheckAsync("bob", "ws1owned", CancellationToken.None);
        Assert.Equal(2, wallet.Calls);

        for (var i = 0; i < 2; i++)
        {
            var refused = await Assert.ThrowsAsync<ProblemException>(() => owners.CheckAsync("alice", "ws1other", CancellationToken.None));
            Assert.Equal(403, refused.Status);
        }

        Assert.Equal(4, wallet.Calls);
    }

    [Fact]
    public async Task A_sender_remembered_as_owned_but_deleted_since_is_403_and_the_step_is_given_back()
    {
        using var alice = await services.ClientAsync("owner-stale");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(alice);
        var url = $"/api/instances/{instance}/actions";
        using (var first = await alice.PostAsJsonAsync($"{url}/submit", new { sender = wallet, data = InstanceFlows.Claim }))
        {
            Assert.Equal(HttpStatusCode.Created, first.StatusCode);
        }

        using (var deleted = await alice.DeleteAsync($"/api/wallets/{wallet}"))
        {
            Assert.Equal(HttpStatusCode.NoContent, deleted.StatusCode);
        }

        // Twice: a 409 "being submitted" the second time would mean the first refusal kept the claim.
        var approval = new { sender = wallet, data = new { decision = "approved", approvedAmount = 1 } };
        for (var i = 0; i < 2; i++)
        {
            using var refused = await alice.PostAsJsonAsync($"{url}/approve", approval);
            await ProblemAssert.IsProblemAsync(refused, HttpStatusCode.Forbidden);
        }

        var state = await Json.GetAsync<InstanceDto>(alice, $"/api/instances/{instance}");
        Assert.Equal("approve", state.NextActionId);
        Assert.Single(state.TxIds);
    }

    [Fact]
    public async Task A_submission_refused_before_its_sender_check_leaves_no_unobserved_failure_behind()
    {
        // A well-formed sender that is not alice's: the check started beside the load ends in a 403 of its own.
        using var bob = await services.ClientAsync("owner-bystander");
        var (_, bobsWallet) = await InstanceFlows.SoloExpenseInstanceAsync(bob);
        using var alice = await services.ClientAsync("owner-refused-early");
        var unobserved = new System.Collections.Concurrent.ConcurrentQueue<Exception>();
        void Collect(object? _, UnobservedTaskExceptionEventArgs e) => unobserved.Enqueue(e.Exception);
        TaskScheduler.UnobservedTaskException += Collect;
        try
        {
            for (var i = 0; i < 5; i++)
            {
                using var refused = await alice.PostAsJsonAsync($"/api/instances/{Guid.NewGuid():N}/actions/submit",
                    new { sender = bobsWallet, data = InstanceFlows.Claim });
                await ProblemAssert.IsProblemAsync(refused, HttpStatusCode.NotFound);
            }

            // A faulted task nobody looked at is reported when the collector finalizes it.
            for (var i = 0; i < 20; i++)
            {
                await Task.Delay(100);
                GC.Collect();
                GC.WaitForPendingFinalizers();
            }
        }
        finally
        {
            TaskScheduler.UnobservedTaskException -= Collect;
        }

        Assert.DoesNotContain(unobserved, e => e.ToString().Contains(bobsWallet, StringComparison.Ordinal));
    }
}

/// <summary>The Wallet service as the sender check sees it: 200 for the one owned address, 404 for any other; counts calls.</summary>
internal sealed class CountingWallet(string owned) : IHttpMessageHandlerFactory
{
    private int _calls;

    private string Owned => owned;

    public int Calls => _calls;

    public HttpMessageHandler CreateHandler(string name) => new CountingWalletHandler(this);

    private sealed class CountingWalletHandler(CountingWallet wallet) : HttpMessageHandler
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            Interlocked.Increment(ref wallet._calls);
            var address = request.RequestUri!.Segments[^1];
            return Task.FromResult(address == wallet.Owned
                ? new HttpResponseMessage(HttpStatusCode.OK)
                {
                    Content = JsonContent.Create(new
                    {
                        address, name = "w", algorithm = "ED25519", publicKey = new byte[32], encryptionPublicKey = new byte[32],
                        createdAt = DateTimeOffset.UnixEpoch,
                    }),
                }
                : new HttpResponseMessage(HttpStatusCode.NotFound)
                {
                    Content = JsonContent.Create(new { title = "Not Found", status = 404 }, mediaType: new("application/problem+json")),
                });
        }
    }
}
