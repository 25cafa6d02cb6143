using System.Diagnostics;
using System.Globalization;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text;
using System.Text.Json;
using Sorcha.Cryptography;

namespace Sorcha.Benchmarks;

/// <summary>
/// End-to-end batch throughput through a running gateway:
/// <c>dotnet run -c Release --project perf/Sorcha.Benchmarks -- batch-e2e http://localhost:5000 &lt;dev-client-secret file&gt; [batches] [concurrency] [warm-up seconds]</c>.
/// Creates a register, signs batches × 1,000 transactions beforehand (not timed), posts them to
/// /api/transactions/batch with the given concurrency after one warm-up batch, and counts only items answered 201;
/// with warm-up seconds (default 0), it first posts freshly signed batches at that concurrency for that long, so the
/// timed batches meet services whose JIT has settled (a fresh platform compiles for its first minute or so:
/// docs/performance.md, "Warm-up");
/// exits 1 when any item, warm-up included, was answered anything else (perf/scripts/batch-ab.sh relies on it).
/// </summary>
internal static class BatchThroughputProbe
{
    private const int BatchSize = 1000;

    public static async Task<int> RunAsync(string[] args)
    {
        var gateway = new Uri(args[1]);
        var secret = (await File.ReadAllTextAsync(args[2])).Trim();
        var batches = args.Length > 3 ? int.Parse(args[3], CultureInfo.InvariantCulture) : 10;
        var concurrency = args.Length > 4 ? int.Parse(args[4], CultureInfo.InvariantCulture) : 2;
        var warmUp = TimeSpan.FromSeconds(args.Length > 5 ? double.Parse(args[5], CultureInfo.InvariantCulture) : 0);
        using var http = new HttpClient { BaseAddress = gateway, Timeout = TimeSpan.FromMinutes(5) };
        http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", await TokenAsync(http, secret));

        var created = await http.PostAsJsonAsync("/api/registers", new { name = "batch-throughput" });
        created.EnsureSuccessStatusCode();
        var registerId = (await created.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("id").GetString()!;
        var keys = Enumerable.Range(0, 16).Select(_ => Signatures.Generate(SignatureAlgorithm.ED25519)).ToArray();
        var bodies = new byte[batches + 1][];
        Parallel.For(0, bodies.Length, b => bodies[b] = Encoding.UTF8.GetBytes("{\"transactions\":[" + string.Join(",",
            Enumerable.Range(b * BatchSize, BatchSize).Select(n => SyntheticRegister.Transaction(registerId, keys[n % keys.Length], n))) + "]}"));

        var warmed = await PostAsync(http, bodies[0]);
        var warmBatches = 0;
        if (warmUp > TimeSpan.Zero)
        {
            var until = Stopwatch.StartNew();
            var serial = (batches + 1) * BatchSize;
            await Task.WhenAll(Enumerable.Range(0, concurrency).Select(async _ =>
            {
                while (until.Elapsed < warmUp)
                {
                    // New transactions each time: a resubmission takes the idempotent path, not the commit.
                    var first = Interlocked.Add(ref serial, BatchSize) - BatchSize;
                    var body = Encoding.UTF8.GetBytes("{\"transactions\":[" + string.Join(",", Enumerable.Range(first, BatchSize)
                        .Select(n => SyntheticRegister.Transaction(registerId, keys[n % keys.Length], n))) + "]}");
                    var count = await PostAsync(http, body);
                    Interlocked.Add(ref warmed, count);
                    Interlocked.Add(ref warmBatches, 1);
                }
            }));
            Console.WriteLine($"warm-up: {warmBatches} more batches in {until.Elapsed.TotalSeconds:F0} s");
        }

        Console.WriteLine($"warm-up: {warmed} created");
        if (warmed != (warmBatches + 1) * BatchSize)
        {
            return 1; // a refusal in the warm-up (PostAsync named the statuses) would make the timed batches meaningless
        }

        var latencies = new List<double>();
        var createdCount = 0;
        var next = 0;
        var stopwatch = Stopwatch.StartNew();
        await Task.WhenAll(Enumerable.Range(0, concurrency).Select(async _ =>
        {
            while (Interlocked.Increment(ref next) is var b && b <= batches)
            {
                var started = stopwatch.Elapsed.TotalMilliseconds;
                var count = await PostAsync(http, bodies[b]);
                lock (latencies)
                {
                    latencies.Add(stopwatch.Elapsed.TotalMilliseconds - started);
                    createdCount += count;
                }
            }
        }));
        stopwatch.Stop();
        latencies.Sort();
        Console.WriteLine($"register {registerId}: {batches} batches x {BatchSize}, concurrency {concurrency}: {createdCount} created in " +
            $"{stopwatch.Elapsed.TotalSeconds:F2} s = {createdCount / stopwatch.Elapsed.TotalSeconds:F0} tx/s; batch latency " +
            $"min {latencies[0]:F0} / median {latencies[latencies.Count / 2]:F0} / max {latencies[^1]:F0} ms");
        return createdCount == batches * BatchSize ? 0 : 1;
    }

    private static async Task<string> TokenAsync(HttpClient http, string secret)
    {
        using var form = new FormUrlEncodedContent(new Dictionary<string, string>
        {
            ["grant_type"] = "client_credentials",
            ["client_id"] = "batch-bench",
            ["client_secret"] = secret,
        });
        var response = await http.PostAsync(new Uri("/api/auth/token", UriKind.Relative), form);
        response.EnsureSuccessStatusCode();
        return (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("access_token").GetString()!;
    }

    private static async Task<int> PostAsync(HttpClient http, byte[] body)
    {
        using var content = new ByteArrayContent(body);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        using var response = await http.PostAsync(new Uri("/api/transactions/batch", UriKind.Relative), content);
        response.EnsureSuccessStatusCode();
        var results = (await response.Content.ReadFromJsonAsync<JsonElement>()).GetProperty("results");
        var statuses = results.EnumerateArray().Select(r => r.GetProperty("status").GetInt32()).ToList();
        if (statuses.Any(s => s != 201))
        {
            // Only 201s count; say what the others were, so a failed run explains itself.
            Console.Error.WriteLine("items not answered 201: " + string.Join(", ",
                statuses.Where(s => s != 201).GroupBy(s => s).Select(g => $"{g.Count()} x {g.Key}")));
        }

        return statuses.Count(s => s == 201);
    }
}
