using System.Diagnostics;
using System.Net;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR.Client;
using Sorcha.Cryptography;

namespace Sorcha.EventsBench;

/// <summary>
/// The memory of idle hub connections: the resident set (VmRSS) of the gateway and of the hub's service, read before
/// any connection, then after <c>count</c> WebSocket connections through the gateway are open and each has subscribed
/// to its caller's wallet, and again after they sat idle (SignalR's keep-alive pings only). The connections are spread
/// over enough callers to stay within Events:MaxConnectionsPerCaller (<c>perCaller</c>, its default 20), so the
/// platform runs with its shipped settings. Every connection must start and subscribe: a refusal is a failure.
/// </summary>
public static class IdleConnections
{
    public static async Task<int> RunAsync(Target target, int count, int perCaller, int idleSeconds,
        IReadOnlyList<(string Name, int Pid)> processes, CancellationToken ct)
    {
        var run = Guid.NewGuid().ToString("N")[..8];
        var callers = new List<(string Token, string Wallet)>();
        for (var c = 0; c < (count + perCaller - 1) / perCaller; c++)
        {
            var caller = await target.CallerAsync($"events-bench-{run}-idle-{c}", ct);
            callers.Add((caller.Token, (await caller.Api.Wallets.CreateAsync($"idle {c}", SignatureAlgorithm.ED25519, ct)).Address));
        }

        // Let what the seeding left settle, so "before" is the platform at rest.
        await Task.Delay(TimeSpan.FromSeconds(5), ct);
        var before = processes.Select(p => Rss(p.Pid)).ToArray();
        var connections = new HubConnection[count];
        var failed = 0;
        var opened = Stopwatch.StartNew();
        await Parallel.ForAsync(0, count, new ParallelOptions { MaxDegreeOfParallelism = 16, CancellationToken = ct }, async (i, token) =>
        {
            var (accessToken, wallet) = callers[i / perCaller];
            var connection = new HubConnectionBuilder()
                .WithUrl(new Uri(target.Gateway, Target.HubPath), o =>
                {
                    o.Transports = HttpTransportType.WebSockets;
                    o.Cookies = new CookieContainer();
                    o.AccessTokenProvider = () => Task.FromResult<string?>(accessToken);
                })
                .Build();
            connections[i] = connection;
            try
            {
                await connection.StartAsync(token);
                await connection.InvokeAsync("SubscribeWallet", wallet, token);
            }
            catch (Exception e) when (e is HttpRequestException or Microsoft.AspNetCore.SignalR.HubException or InvalidOperationException
                or System.Net.WebSockets.WebSocketException or IOException or TaskCanceledException)
            {
                Interlocked.Increment(ref failed);
                Console.Error.WriteLine($"idle: connection {i}: {e.GetType().Name}: {e.Message}");
            }
        });

        Console.Error.WriteLine($"idle: {count - failed} of {count} connected and subscribed in {opened.Elapsed.TotalSeconds:0.0} s; idle {idleSeconds} s");
        var connected = processes.Select(p => Rss(p.Pid)).ToArray();
        await Task.Delay(TimeSpan.FromSeconds(idleSeconds), ct);
        var idle = processes.Select(p => Rss(p.Pid)).ToArray();
        var open = connections.Count(c => c?.State == HubConnectionState.Connected);
        for (var p = 0; p < processes.Count; p++)
        {
            Console.WriteLine(Stats.Row(processes[p].Name, count, open, failed, Mib(before[p]), Mib(connected[p]), Mib(idle[p]),
                ((idle[p] - before[p]) / (double)Math.Max(open, 1)).ToString("0.0", System.Globalization.CultureInfo.InvariantCulture)));
        }

        await Parallel.ForEachAsync(connections.Where(c => c is not null), new ParallelOptions { MaxDegreeOfParallelism = 16 },
            async (c, _) => await c.DisposeAsync());
        return failed == 0 && open == count ? 0 : 1;
    }

    /// <summary>VmRSS of a process, in KiB.</summary>
    private static long Rss(int pid) =>
        long.Parse(File.ReadLines($"/proc/{pid}/status").First(l => l.StartsWith("VmRSS:", StringComparison.Ordinal))
            .Split(' ', StringSplitOptions.RemoveEmptyEntries)[1], System.Globalization.CultureInfo.InvariantCulture);

    private static string Mib(long kib) => (kib / 1024.0).ToString("0.0", System.Globalization.CultureInfo.InvariantCulture);

    public static string Header =>
        "| process | connections | open after idle | failed | RSS before MiB | connected MiB | after idle MiB | KiB per connection |\n" +
        "|---|---|---|---|---|---|---|---|";
}
