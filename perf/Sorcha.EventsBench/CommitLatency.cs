using System.Collections.Concurrent;
using System.Diagnostics;
using System.Net;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR.Client;
using Sorcha.Client;
using Sorcha.Cryptography;
using Sorcha.Performance.Scenarios;

namespace Sorcha.EventsBench;

/// <summary>
/// From an action's 201 to its ActionCommitted event at a participant connected through the gateway. The employee's
/// connection subscribes to its wallet, which is bound in every instance, so it receives every action's event. Actions
/// of the expense-approval sample are submitted open-model (the harness's action_submission: three callers, a pool of
/// ready instances refilled off the clock); each 201 is checked as the harness checks it. An event is matched to its
/// submission by txId and must carry the same instance, action and sequence; a submission whose event has not arrived
/// <see cref="Patience"/> after the run is a missing event, a failure.
/// </summary>
public static class CommitLatency
{
    private const int Pool = 48;
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(10);

    /// <summary>The event as sent (camelCase JSON); ids only, as docs/api.md lists them.</summary>
    public sealed record ActionCommitted(string InstanceId, string ActionId, string TxId, long Sequence, DateTimeOffset At);

    private sealed record Sent(string InstanceId, string ActionId, long Sequence, long Start, long Created, bool Measured);

    private sealed record LiveInstance(string Id, int Step);

    public static async Task<int> RunAsync(Target target, double rate, int warmSeconds, int seconds, string label, CancellationToken ct)
    {
        var run = Guid.NewGuid().ToString("N")[..8];
        var parties = new Dictionary<string, (Caller Caller, string Wallet)>(StringComparer.Ordinal);
        foreach (var participant in ExpenseFlow.Participants)
        {
            var caller = await target.CallerAsync($"events-bench-{run}-{participant}", ct);
            parties[participant] = (caller, (await caller.Api.Wallets.CreateAsync(participant, SignatureAlgorithm.ED25519, ct)).Address);
        }

        var bindings = parties.ToDictionary(p => p.Key, p => p.Value.Wallet, StringComparer.Ordinal);
        var wallets = bindings.Values.ToHashSet(StringComparer.Ordinal);
        var owner = parties["employee"].Caller.Api;
        var registerId = (await owner.Registers.CreateAsync($"events-bench {run}", ct)).Id;
        var blueprint = await owner.Blueprints.CreateAsync(SampleBlueprints.Load("expense-approval.json") with { Title = $"events-bench {run}" }, ct);
        await owner.Blueprints.PublishAsync(blueprint.Id!, ct);

        async Task<LiveInstance> NewInstanceAsync(CancellationToken token) =>
            new((await owner.Instances.CreateAsync(blueprint.Id!, registerId, bindings, token)).InstanceId, 0);

        var ready = new ConcurrentQueue<LiveInstance>();
        await Parallel.ForAsync(0, Pool, new ParallelOptions { MaxDegreeOfParallelism = 8, CancellationToken = ct },
            async (_, token) => ready.Enqueue(await NewInstanceAsync(token)));

        // The participant: SignalR's .NET client, WebSockets through the gateway, the token as access_token.
        var received = new ConcurrentDictionary<string, (long At, ActionCommitted Event)>(StringComparer.Ordinal);
        long events = 0, duplicates = 0;
        await using var connection = new HubConnectionBuilder()
            .WithUrl(new Uri(target.Gateway, Target.HubPath), o =>
            {
                o.Transports = HttpTransportType.WebSockets;
                o.Cookies = new CookieContainer();
                o.AccessTokenProvider = () => Task.FromResult<string?>(parties["employee"].Caller.Token);
            })
            .Build();
        connection.On<ActionCommitted>("ActionCommitted", e =>
        {
            var at = Stopwatch.GetTimestamp();
            Interlocked.Increment(ref events);
            if (!received.TryAdd(e.TxId, (at, e)))
            {
                Interlocked.Increment(ref duplicates); // at least once: a repeat is counted, the first receipt is timed
            }
        });
        await connection.StartAsync(ct);
        await connection.InvokeAsync("SubscribeWallet", parties["employee"].Wallet, ct);

        var warm = (int)(warmSeconds * rate);
        var total = warm + (int)(seconds * rate);
        var sent = new ConcurrentDictionary<string, Sent>(StringComparer.Ordinal);
        var failures = new ConcurrentDictionary<string, int>(StringComparer.Ordinal);
        var background = new ConcurrentBag<Task>();
        void Fail(string kind) => failures.AddOrUpdate(kind, 1, (_, n) => n + 1);
        void Refill() => background.Add(Task.Run(async () =>
        {
            try
            {
                ready.Enqueue(await NewInstanceAsync(CancellationToken.None));
            }
            catch (Exception e) when (e is HttpRequestException or SorchaApiException or TaskCanceledException)
            {
                Fail("refill: " + e.GetType().Name);
            }
        }, CancellationToken.None));

        Console.Error.WriteLine($"latency ({label}): {warmSeconds} s warm-up, then {seconds} s at {rate}/s");
        var lags = await OpenModel.RunAsync(rate, total, async i =>
        {
            var start = Stopwatch.GetTimestamp();
            var measured = i >= warm;
            var instance = ready.TryDequeue(out var r) ? r : null;
            try
            {
                instance ??= await NewInstanceAsync(ct);
                var step = ExpenseFlow.Steps[instance.Step];
                var (caller, wallet) = parties[step.Participant];
                var receipt = await caller.Api.Instances.SubmitActionAsync(instance.Id, step.ActionId, wallet, step.Data, ct);
                var created = Stopwatch.GetTimestamp();
                if (step.Problem(receipt, wallets) is { } problem)
                {
                    Fail(measured ? "201 check: " + problem : "warm-up");
                    Refill();
                    return;
                }

                sent[receipt.TxId] = new Sent(instance.Id, step.ActionId, receipt.Sequence, start, created, measured);
                if (receipt.NextActionId is null)
                {
                    Refill();
                }
                else
                {
                    ready.Enqueue(instance with { Step = instance.Step + 1 });
                }
            }
            catch (Exception e) when (e is HttpRequestException or SorchaApiException or TaskCanceledException)
            {
                Fail(measured ? e is SorchaApiException api ? $"status {api.Status}" : e.GetType().Name : "warm-up");
                Refill();
            }
        });

        // Every event still on its way gets the same patience.
        var deadline = Stopwatch.GetTimestamp() + (long)(Patience.TotalSeconds * Stopwatch.Frequency);
        while (sent.Keys.Any(tx => !received.ContainsKey(tx)) && Stopwatch.GetTimestamp() < deadline)
        {
            await Task.Delay(50, ct);
        }

        await Task.WhenAll(background);
        var fromCreated = new List<double>();
        var fromStart = new List<double>();
        int measuredSent = 0, missing = 0, mismatched = 0;
        foreach (var (tx, s) in sent.Where(s => s.Value.Measured))
        {
            measuredSent++;
            if (!received.TryGetValue(tx, out var got))
            {
                missing++;
                continue;
            }

            if (got.Event.InstanceId != s.InstanceId || got.Event.ActionId != s.ActionId || got.Event.Sequence != s.Sequence)
            {
                mismatched++;
                continue;
            }

            fromCreated.Add(OpenModel.Ms(s.Created, got.At));
            fromStart.Add(OpenModel.Ms(s.Start, got.At));
        }

        var unmatched = received.Keys.Count(tx => !sent.ContainsKey(tx));
        var submitFailures = failures.Where(f => f.Key != "warm-up").Sum(f => f.Value);
        var attempted = total - warm;
        Console.WriteLine(Stats.Row(label, rate, $"{warmSeconds}+{seconds}", attempted, measuredSent, submitFailures + missing + mismatched,
            missing, Stats.Summary(fromCreated), Stats.Summary(fromStart), fromCreated.Count(x => x < 0),
            Stats.F(Stats.Percentile(lags[warm..], 0.99))));
        Console.Error.WriteLine($"latency ({label}): events received {events} (duplicates {duplicates}, not ours {unmatched}), " +
            $"wrong ids/sequence {mismatched}, submissions failed {submitFailures}, warm-up failures {failures.GetValueOrDefault("warm-up")}" +
            string.Concat(failures.Where(f => f.Key != "warm-up").Select(f => $"; {f.Key}: {f.Value}")));
        return submitFailures + missing + mismatched == 0 ? 0 : 1;
    }

    public static string Header =>
        "| run | rate/s | warm+measured s | submitted | 201 OK | failed | missing events | 201→event P50 / P99 / max ms | start→event P50 / P99 / max ms | events before their 201 | start lag P99 ms |\n" +
        "|---|---|---|---|---|---|---|---|---|---|---|";
}
