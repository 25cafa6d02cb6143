using System.Diagnostics;
using System.Globalization;
using System.Security.Cryptography;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;

namespace Sorcha.Benchmarks;

/// <summary>
/// The best this machine gives: closed-loop latency (one request at a time, so nothing queues) of the cheapest
/// requests through a running gateway, and how late a sleeping thread wakes up.
/// <c>dotnet run -c Release --project perf/Sorcha.Benchmarks -- latency-floor http://localhost:5000 &lt;dev-client-secret file&gt; [n] [wallet-service-url]</c>.
/// With the Wallet service's own address (the gateway's <c>services__wallet__http__0</c>), the same requests are also
/// sent to it directly, which separates the gateway hop from the service. The load scenarios' percentiles
/// (perf/Sorcha.Performance, open model) cannot be lower: they add queueing behind other requests. Each series is
/// warmed up with n/4 requests first, not measured.
/// </summary>
internal static class LatencyFloorProbe
{
    public static async Task<int> RunAsync(string[] args)
    {
        var secret = (await File.ReadAllTextAsync(args[2])).Trim();
        var n = args.Length > 3 ? int.Parse(args[3], CultureInfo.InvariantCulture) : 2000;
        using var http = new HttpClient { BaseAddress = new Uri(args[1]) };
        using var tokens = new DevTokenSource(http, "latency-floor", secret);
        var client = new SorchaClient(http, tokens);
        var wallet = await client.Wallets.CreateAsync("latency floor", SignatureAlgorithm.ED25519);

        Console.WriteLine($"closed loop, {n} measured per row after {n / 4} not measured; load average {File.ReadAllText("/proc/loadavg").Trim()}");
        Console.WriteLine("| what | P50 ms | P95 ms | P99 ms | P99.9 ms | max ms |\n|---|---|---|---|---|---|");
        await Row("thread wake-up: Thread.Sleep(1) overshoot", n, () => { Thread.Sleep(1); return Task.FromResult(-1.0); });
        await Row("GET /alive (the gateway alone)", n, () => Alive(http));
        await Row("GET /health (gateway → four services → Redis)", n, async () =>
            (await client.GetHealthAsync()).Status == "Healthy" ? 0.0 : throw new InvalidOperationException("the platform is not healthy"));
        await Sign("POST /api/wallets/{a}/sign (gateway → Wallet → Redis)", client, wallet, n);
        if (args.Length > 4)
        {
            using var direct = new HttpClient { BaseAddress = new Uri(args[4]) };
            await Row("GET /alive (the Wallet service alone)", n, () => Alive(direct));
            await Sign("POST /api/wallets/{a}/sign (Wallet → Redis, no gateway)", new SorchaClient(direct, tokens), wallet, n);
        }

        return 0;
    }

    private static async Task<double> Alive(HttpClient http)
    {
        using var response = await http.GetAsync(new Uri("alive", UriKind.Relative));
        response.EnsureSuccessStatusCode();
        return 0;
    }

    private static Task Sign(string name, SorchaClient client, CreatedWalletDto wallet, int n)
    {
        var data = RandomNumberGenerator.GetBytes(32);
        return Row(name, n, async () =>
        {
            var signed = await client.Wallets.SignAsync(wallet.Address, data);
            return Signatures.Verify(SignatureAlgorithm.ED25519, wallet.PublicKey, data, signed.Signature) ? 0.0
                : throw new InvalidOperationException("the signature does not verify");
        });
    }

    /// <summary>Times <paramref name="call"/> one at a time; its result is added to the time (−1 ms for a 1 ms sleep).</summary>
    private static async Task Row(string name, int n, Func<Task<double>> call)
    {
        for (var i = 0; i < n / 4; i++)
        {
            await call();
        }

        var times = new double[n];
        for (var i = 0; i < n; i++)
        {
            var started = Stopwatch.GetTimestamp();
            var offset = await call();
            times[i] = Stopwatch.GetElapsedTime(started).TotalMilliseconds + offset;
        }

        Array.Sort(times);
        double P(double p) => times[Math.Min(n - 1, (int)Math.Ceiling(p * n) - 1)];
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"| {name} | {P(0.5):F2} | {P(0.95):F2} | {P(0.99):F2} | {P(0.999):F2} | {times[^1]:F2} |"));
    }
}
