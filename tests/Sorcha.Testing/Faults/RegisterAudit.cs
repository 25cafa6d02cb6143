using System.Net;
using Sorcha.Contracts;
using Sorcha.Contracts.Transactions;
using Sorcha.Ledger.Verification;
using Sorcha.Testing.Platform;
using Sorcha.Testing.Registers;

namespace Sorcha.Testing.Faults;

/// <summary>What the audit found: acknowledged transactions, the register's height, and how many of them a GET finds.</summary>
public sealed record AuditResult(int Acknowledged, int Created, long Height, int Found, int Dockets)
{
    public override string ToString() =>
        $"acknowledged {Acknowledged} (201: {Created}, 200 only: {Acknowledged - Created}), height {Height}, " +
        $"found by txId {Found}, dockets {Dockets}";
}

/// <summary>
/// After a load with faults: nothing acknowledged is lost, nothing is committed twice, the chain has no fork or gap,
/// every docket range is sealed exactly once, and the register verifies.
/// </summary>
public static class RegisterAudit
{
    /// <param name="client">
    /// One that waits out 429s (<see cref="RetryAfterHandler"/>): the GETs below, 8 at a time, of every transaction the
    /// load committed (about 10,000 on a fast machine) exceed the per-caller rate there. A 429 says nothing about whether
    /// a transaction exists, and raising the limit would test a platform configured unlike any other.
    /// </param>
    public static async Task<AuditResult> AssertConsistentAsync(HttpClient client, string registerId, TransactionLoad load)
    {
        var submits = load.Answers.Where(a => a.Kind == Answer.Submit).ToList();
        var acknowledged = submits.Where(a => a.Ok).Select(a => a.TxId!).ToHashSet(StringComparer.Ordinal);
        var created = submits.Where(a => a.Status == 201).GroupBy(a => a.TxId!).ToList();

        // A 201 means "appended now": the same txId twice would be a double commit.
        Assert.All(created, g => Assert.True(g.Count() == 1, $"{g.Key} was answered 201 {g.Count()} times"));
        // Writers resend until acknowledged, so every transaction sent ends acknowledged and the height must match.
        Assert.DoesNotContain(load.Submitted, t => !acknowledged.Contains(t));
        Assert.DoesNotContain(submits, a => a.Status == 999);

        var height = await RegisterFlows.HeightAsync(client, registerId);
        Assert.Equal(acknowledged.Count, height);

        // Each txId once, at sequences 0..height-1: no fork (two at one sequence), no gap, no duplicate.
        var listed = await ListTxIdsAsync(client, registerId);
        Assert.Equal(Enumerable.Range(0, (int)height).Select(i => (long)i), listed.Select(t => t.Sequence));
        Assert.Equal(listed.Count, listed.Select(t => t.TxId).Distinct(StringComparer.Ordinal).Count());
        Assert.True(acknowledged.SetEquals(listed.Select(t => t.TxId)), "the register holds other transactions than the acknowledged ones");

        var found = 0;
        await Parallel.ForEachAsync(acknowledged, new ParallelOptions { MaxDegreeOfParallelism = 8 }, async (txId, ct) =>
        {
            using var response = await client.GetAsync($"/api/registers/{registerId}/transactions/{txId}", ct);
            Assert.True(response.StatusCode == HttpStatusCode.OK, $"GET {txId}: {(int)response.StatusCode}");
            Interlocked.Increment(ref found);
        });

        var dockets = await RegisterFlows.WaitUntilSealedAsync(client, registerId, height);
        RegisterFlows.AssertContiguous(dockets, height, registerId);
        // verify checks every docket's hash chain and signature: a docket sealed twice (overwritten) breaks the chain.
        var verification = await Json.GetAsync<VerificationResult>(client, $"/api/registers/{registerId}/verify");
        Assert.True(verification.Valid, verification.ToString());
        Assert.Equal(dockets.Count, verification.CheckedDockets);
        return new AuditResult(acknowledged.Count, created.Count, height, found, dockets.Count);
    }

    private static async Task<List<(long Sequence, string TxId)>> ListTxIdsAsync(HttpClient client, string registerId)
    {
        var all = new List<(long, string)>();
        for (var page = 1; ; page++)
        {
            var items = (await Json.GetAsync<Paged<CommittedTransactionDocument>>(client,
                $"/api/registers/{registerId}/transactions?page={page}&pageSize=100")).Items;
            all.AddRange(items.Select(t => (t.Sequence, t.TxId)));
            if (items.Count < 100)
            {
                return all;
            }
        }
    }
}
