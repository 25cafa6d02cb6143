using System.Diagnostics;
using System.Net;
using Xunit.Abstractions;

namespace Sorcha.FaultTests.Limits;

/// <summary>
/// 1,000 connections trickling request headers and 2,000 idle keep-alive connections at the gateway do not stop real
/// clients (docs/limits.md, "Slow and idle clients"): Kestrel cuts a request whose headers take longer than
/// Limits:Connections:RequestHeadersSeconds (10 s, the shipped value), keeps idle connections for
/// KeepAliveSeconds (120 s) within MaxConnections (20,000), and serves others meanwhile.
/// </summary>
[Collection(LimitsScope.Name)]
public sealed class SlowClientTests(LimitsPlatformFixture platform, ITestOutputHelper output)
{
    private const int Trickling = 1_000;
    private const int Idle = 2_000;
    private const double ProbesPerSecond = 25;
    private const double P99BoundMs = 50;
    // More than a catch-up burst needs (the probe loop late by a few hundred ms on a busy machine): no probe waits for a
    // new connection, which the gateway would accept in turn with the attack's.
    private const int ProbeConnections = 16;

    /// <summary>The shipped Limits:Connections:RequestHeadersSeconds (the fixture leaves it).</summary>
    private static readonly TimeSpan HeadersTimeout = TimeSpan.FromSeconds(new Sorcha.ApiPlatform.Limits.ConnectionOptions().RequestHeadersSeconds);

    [Fact]
    public async Task Trickling_and_idle_connections_leave_real_clients_served_within_50_ms_at_P99()
    {
        // The control: another process's /alive (the Wallet service's, which the attack does not reach), probed at the
        // same instants from this process, says what this machine and this process give anyway: CI runs this suite
        // beside another.
        using var gateway = await ProbeClientAsync(platform.Gateway.BaseAddress!);
        using var control = await ProbeClientAsync(platform.App["wallet"].Url!);
        // The tricklers arrive spread over the headers timeout, as a slowloris that has been running for a while holds
        // connections of every age: about a tenth of them are cut, and come back, in each second. Started within one
        // second (as before), they arrived as a burst of 1,000 connects in this process and accepts in the gateway at
        // the window's start, and were all cut in about one tick of Kestrel's once-a-second timeout check and came back
        // at once: bursts of the test's making, which on a busy machine stalled the probes (the slowest probes of the
        // earlier runs fell in the first 1.5 s; CI once saw gateway 190 ms against control 25 ms).
        await using var attack = await SlowClients.StartAsync(gateway.BaseAddress!, Trickling, Idle, HeadersTimeout);
        // Past the last trickler's arrival, its headers timeout, the check's second and the trickler's own poll: every
        // trickler is cut (and back) once while real requests are measured.
        var during = 2 * HeadersTimeout + TimeSpan.FromSeconds(3);
        var (attacked, machine) = (ProbeAsync(gateway, during), ProbeAsync(control, during));
        var (loaded, unattacked) = (await attacked, await machine);
        var idleOpen = attack.IdleOpen();
        output.WriteLine($"/alive at {ProbesPerSecond}/s beside {Trickling} trickling and {Idle} idle connections, P50 / P99 / max ms: " +
            $"gateway {loaded}; control (Wallet service, not attacked) {unattacked}");
        output.WriteLine($"slowest, s into the run = ms: gateway {loaded.Slowest}; control {unattacked.Slowest}");
        output.WriteLine($"trickling connections cut by the server: {attack.Cut}; idle connections still open: {idleOpen}");

        Assert.Equal(0, loaded.Failed);
        // The target is 50 ms. On a machine that cannot give it even where the attack does not reach (the control's
        // P99 above a third of it), the attacked gateway may be at most three times as slow as the control. The gateway's
        // P99 is judged as the soak judges its P99s (SoakJudge): over the bound only when its lower bound, two standard
        // errors of the rank below the P99's (the 11th slowest of 575 probes, against the 6th), is over it too. A
        // quarter of a second in which a busy machine runs the gateway and not the control delays six or more probes in
        // a row and moved the plain P99 (120 ms once in 5 runs beside `stress-ng --cpu 2 --cpu-load 60`); slowness that
        // lasts, or recurs, moves both.
        Assert.True(loaded.P99Low < Math.Max(P99BoundMs, 3 * unattacked.P99),
            $"P99 {loaded.P99} ms at the gateway (its lower bound {loaded.P99Low} ms), {unattacked.P99} ms at the control");
        Assert.True(attack.Cut >= Trickling * 9 / 10, $"only {attack.Cut} of {Trickling} trickling connections were cut by the headers timeout");
        Assert.Equal(Idle, idleOpen);
    }

    /// <summary>
    /// A keep-alive client of <paramref name="target"/> with <see cref="ProbeConnections"/> connections open, warmed for
    /// a second at the probe rate: a fresh platform's first answers are the JIT's.
    /// </summary>
    private static async Task<HttpClient> ProbeClientAsync(Uri target)
    {
        var client = new HttpClient { BaseAddress = target, Timeout = TimeSpan.FromSeconds(10) };
        await Task.WhenAll(Enumerable.Range(0, ProbeConnections).Select(_ => TimedAsync(client)));
        await ProbeAsync(client, TimeSpan.FromSeconds(1));
        return client;
    }

    /// <summary>GET /alive at a fixed rate, each request started on schedule whatever the last one does.</summary>
    private static async Task<Probe> ProbeAsync(HttpClient client, TimeSpan duration)
    {
        var interval = TimeSpan.FromSeconds(1 / ProbesPerSecond);
        var clock = Stopwatch.StartNew();
        var requests = new List<Task<double?>>();
        for (var due = TimeSpan.Zero; due < duration; due += interval)
        {
            if (due > clock.Elapsed)
            {
                await Task.Delay(due - clock.Elapsed);
            }

            requests.Add(TimedAsync(client));
        }

        var results = await Task.WhenAll(requests);
        var ok = results.OfType<double>().Order().ToArray();
        var slowest = string.Join(", ", results.Select((ms, i) => (At: i * interval.TotalSeconds, Ms: ms ?? double.NaN))
            .OrderByDescending(r => double.IsNaN(r.Ms) ? double.MaxValue : r.Ms).Take(5).Select(r => $"{r.At:0.00}={r.Ms:0}"));
        return new Probe(ok.Length == 0 ? 0 : ok[(int)(ok.Length * 0.5)], Rank(ok, 0), Rank(ok, -2),
            ok.Length == 0 ? 0 : ok[^1], results.Length - ok.Length, results.Length, slowest);
    }

    /// <summary>The order statistic <paramref name="z"/> standard errors of the rank away from the P99's (as SoakJudge).</summary>
    private static double Rank(double[] sorted, double z)
    {
        var n = sorted.Length;
        return n == 0 ? double.MaxValue : sorted[Math.Clamp((int)Math.Ceiling(0.99 * n + z * Math.Sqrt(n * 0.99 * 0.01)) - 1, 0, n - 1)];
    }

    private static async Task<double?> TimedAsync(HttpClient client)
    {
        var started = Stopwatch.GetTimestamp();
        try
        {
            using var response = await client.GetAsync("/alive");
            return response.StatusCode == HttpStatusCode.OK ? Stopwatch.GetElapsedTime(started).TotalMilliseconds : null;
        }
        catch (HttpRequestException)
        {
            return null;
        }
        catch (TaskCanceledException)
        {
            return null;
        }
    }

    private sealed record Probe(double P50, double P99, double P99Low, double Max, int Failed, int Count, string Slowest)
    {
        public override string ToString() => $"{P50:0.0} / {P99:0.0} / {Max:0.0} (P99's lower bound {P99Low:0.0}; {Count} requests, {Failed} failed)";
    }
}
