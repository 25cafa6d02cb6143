using System.Diagnostics;
using System.Net;
using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Performance.Scenarios;

namespace Sorcha.EventsBench;

/// <summary>
/// GET /api/inbox for a caller with <c>open</c> open steps: that many expense-approval instances whose first step
/// (submit, the employee's) waits for the reader's one wallet; the other participants' wallets and the instances
/// belong to separate creators (each within Limits:Quotas' open instances per caller). Then page 1 and a deep page,
/// each open-model at a fixed rate after a warm-up. Timed from the send to the last byte of the body; OK = 200 with
/// totalCount == open, a full page of distinct instances, each the reader's wallet at the submit step (checked off
/// the clock, on every answer).
/// </summary>
public static class InboxDepth
{
    private const int PerCreator = 5_000;
    private const int PageSize = 20;

    public static async Task<int> RunAsync(Target target, int open, double rate, int warmSeconds, int seconds, CancellationToken ct)
    {
        var run = Guid.NewGuid().ToString("N")[..8];
        var reader = await target.CallerAsync($"events-bench-{run}-reader", ct);
        var readerWallet = (await reader.Api.Wallets.CreateAsync("reader", SignatureAlgorithm.ED25519, ct)).Address;
        var seeded = Stopwatch.StartNew();
        var creators = (open + PerCreator - 1) / PerCreator;
        for (var c = 0; c < creators; c++)
        {
            var creator = await target.CallerAsync($"events-bench-{run}-creator-{c}", ct);
            var bindings = new Dictionary<string, string>(StringComparer.Ordinal) { ["employee"] = readerWallet };
            foreach (var other in new[] { "manager", "finance" })
            {
                bindings[other] = (await creator.Api.Wallets.CreateAsync(other, SignatureAlgorithm.ED25519, ct)).Address;
            }

            var registerId = (await creator.Api.Registers.CreateAsync($"events-bench inbox {run}-{c}", ct)).Id;
            var blueprint = await creator.Api.Blueprints.CreateAsync(SampleBlueprints.Load("expense-approval.json") with { Title = $"inbox {run}-{c}" }, ct);
            await creator.Api.Blueprints.PublishAsync(blueprint.Id!, ct);
            var count = Math.Min(PerCreator, open - c * PerCreator);
            await Parallel.ForAsync(0, count, new ParallelOptions { MaxDegreeOfParallelism = 8, CancellationToken = ct }, async (_, token) =>
            {
                var created = await creator.Api.Instances.CreateAsync(blueprint.Id!, registerId, bindings, token);
                if (created.NextActionId != "submit")
                {
                    throw new InvalidOperationException($"a new instance starts at '{created.NextActionId}'");
                }
            });
        }

        Console.Error.WriteLine($"inbox: {open} open steps seeded in {seeded.Elapsed.TotalSeconds:0} s");
        var deep = (open + PageSize - 1) / PageSize; // the last page: the newest steps (oldest first)
        var exit = 0;
        foreach (var page in new[] { 1, deep })
        {
            exit |= await PageAsync(target, reader.Token, readerWallet, open, page, rate, warmSeconds, seconds, ct);
        }

        return exit;
    }

    private static async Task<int> PageAsync(Target target, string token, string wallet, int open, int page, double rate,
        int warmSeconds, int seconds, CancellationToken ct)
    {
        var expected = Math.Min(PageSize, open - (page - 1) * PageSize);
        var warm = (int)(warmSeconds * rate);
        var latencies = new double[warm + (int)(seconds * rate)];
        var problems = new string?[latencies.Length];
        var url = $"/api/inbox?page={page}&pageSize={PageSize}";
        Console.Error.WriteLine($"inbox page {page}: {warmSeconds} s warm-up, then {seconds} s at {rate}/s");
        var lags = await OpenModel.RunAsync(rate, latencies.Length, async i =>
        {
            try
            {
                using var request = new HttpRequestMessage(HttpMethod.Get, url);
                request.Headers.Authorization = Target.Bearer(token);
                var start = Stopwatch.GetTimestamp();
                using var response = await target.Http.SendAsync(request, ct);
                var body = await response.Content.ReadAsByteArrayAsync(ct);
                latencies[i] = OpenModel.Ms(start, Stopwatch.GetTimestamp());
                problems[i] = response.StatusCode != HttpStatusCode.OK ? $"status {(int)response.StatusCode}" : Check(body, open, expected, wallet);
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException or JsonException or KeyNotFoundException or InvalidOperationException)
            {
                problems[i] = e.GetType().Name;
            }
        });

        var ok = Enumerable.Range(warm, latencies.Length - warm).Where(i => problems[i] is null).Select(i => latencies[i]).ToList();
        var failed = latencies.Length - warm - ok.Count;
        Console.WriteLine(Stats.Row($"{open:N0} open, page {page} of {(open + PageSize - 1) / PageSize}", rate, $"{warmSeconds}+{seconds}",
            latencies.Length - warm, ok.Count, failed, Stats.Summary(ok), Stats.F(Stats.Percentile(lags[warm..], 0.99))));
        foreach (var kind in problems.Skip(warm).Where(p => p is not null).GroupBy(p => p))
        {
            Console.Error.WriteLine($"inbox page {page}: {kind.Count()} × {kind.Key}");
        }

        return failed == 0 ? 0 : 1;
    }

    /// <summary>Null when the page is the reader's: the total, a full page of distinct instances at its wallet's step.</summary>
    private static string? Check(byte[] body, int open, int expected, string wallet)
    {
        using var json = JsonDocument.Parse(body);
        var root = json.RootElement;
        if (root.GetProperty("totalCount").GetInt64() != open)
        {
            return $"totalCount {root.GetProperty("totalCount").GetInt64()}, not {open}";
        }

        var items = root.GetProperty("items").EnumerateArray().ToList();
        return items.Count != expected ? $"{items.Count} items, not {expected}"
            : items.Select(i => i.GetProperty("instanceId").GetString()).Distinct().Count() != expected ? "repeated instances"
            : items.Any(i => i.GetProperty("wallet").GetString() != wallet || i.GetProperty("actionId").GetString() != "submit")
                ? "an item of another wallet or step"
                : null;
    }

    public static string Header =>
        "| run | rate/s | warm+measured s | requests | OK | failed | P50 / P99 / max ms | start lag P99 ms |\n" +
        "|---|---|---|---|---|---|---|---|";
}
