using System.Net;
using Sorcha.Client;
using SignedTransaction = Sorcha.Testing.Registers.SignedTransaction;
using Sorcha.IntegrationTests.Infrastructure;

namespace Sorcha.IntegrationTests.Registers;

/// <summary>
/// Whole-register verify is O(height) signature checks for any caller with a token: each caller runs one at
/// a time (docs/limits.md, "Fan-out"), and a verify the client gave up on lets go of its slot.
/// </summary>
[Trait(Rerun.Trait, Rerun.Replicas)]
[Trait(Rerun.Trait, Rerun.Cluster)]
[Collection(PlatformScope.Name)]
public sealed class VerifyBudgetTests(PlatformFixture platform)
{
    private const int Height = 4_000;

    [Fact]
    public async Task A_caller_runs_one_verify_at_a_time_more_are_429_and_other_callers_are_served()
    {
        using var alice = await platform.ClientAsync("verify-budget-alice");
        using var bob = await platform.ClientAsync("verify-budget-bob");
        var url = $"/api/registers/{await LongRegisterAsync(alice)}/verify";

        var alices = Enumerable.Range(0, 6).Select(_ => alice.GetAsync(url)).ToList();
        var bobs = bob.GetAsync(url);
        var answers = await Task.WhenAll(alices);
        using (var bobsAnswer = await bobs)
        {
            Assert.Equal(HttpStatusCode.OK, bobsAnswer.StatusCode);
        }

        Assert.Contains(answers, a => a.StatusCode == HttpStatusCode.OK);
        Assert.All(answers, a => Assert.True(a.StatusCode is HttpStatusCode.OK or HttpStatusCode.TooManyRequests, $"got {(int)a.StatusCode}"));
        Assert.Contains(answers, a => a.StatusCode == HttpStatusCode.TooManyRequests);
        var refused = answers.First(a => a.StatusCode == HttpStatusCode.TooManyRequests);
        await ProblemAssert.IsProblemAsync(refused, HttpStatusCode.TooManyRequests);
        Assert.Equal(TimeSpan.FromSeconds(1), refused.Headers.RetryAfter?.Delta);
        foreach (var answer in answers)
        {
            answer.Dispose();
        }

        using var afterwards = await alice.GetAsync(url);
        Assert.Equal(HttpStatusCode.OK, afterwards.StatusCode);
    }

    [Fact]
    public async Task A_verify_the_client_gave_up_on_frees_its_callers_slot()
    {
        using var alice = await platform.ClientAsync("verify-budget-gone");
        var url = $"/api/registers/{await LongRegisterAsync(alice)}/verify";
        using (var gone = new CancellationTokenSource(TimeSpan.FromMilliseconds(100)))
        {
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => alice.GetAsync(url, gone.Token));
        }

        // Within a few seconds (the abort reaching the service through the gateway), the caller may verify again.
        var deadline = DateTime.UtcNow.AddSeconds(10);
        while (true)
        {
            using var again = await alice.GetAsync(url);
            if (again.StatusCode != HttpStatusCode.TooManyRequests || DateTime.UtcNow > deadline)
            {
                Assert.Equal(HttpStatusCode.OK, again.StatusCode);
                return;
            }

            await Task.Delay(100);
        }
    }

    /// <summary>A register long enough that one verify takes a while: four batches of 1,000 signed transactions.</summary>
    private static async Task<string> LongRegisterAsync(HttpClient client)
    {
        var id = (await RegisterFlows.RegisterAsync(client, "verify budget")).Id;
        var signer = Signer.New();
        var transactions = new SignedTransaction[Height];
        Parallel.For(0, Height, i => transactions[i] = RegisterFlows.Build(id, signer));
        foreach (var batch in transactions.Chunk(1_000))
        {
            using var response = await client.PostAsync("/api/transactions/batch", RegisterFlows.BatchBody(batch));
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        }

        return id;
    }
}
