using System.Collections.Concurrent;
using System.Diagnostics;
using System.Net;
using Sorcha.Contracts.Transactions;
using Sorcha.Testing.Registers;

namespace Sorcha.Testing.Faults;

/// <summary>
/// One answer a load client got: what it asked, when (ms on the load's clock), and what came back (a problem document
/// whose status matches; a Retry-After header).
/// </summary>
public sealed record Answer(string Kind, string? TxId, int Status, double StartMs, double EndMs, bool IsProblem, bool RetryAfter)
{
    public const string Submit = "submit";
    public const string Read = "read";

    /// <summary>Status when the request hit <see cref="TransactionLoad.RequestBound"/> (a hang) or the transport failed.</summary>
    public const int NoAnswer = 0;

    public bool Ok => Status is 200 or 201;
}

/// <summary>
/// transaction_submission-shaped load through the gateway: writers submit client-signed transactions one at a time and,
/// like a careful client, resend the very same transaction after any failure until it is acknowledged (the submit is
/// idempotent by txId); readers GET the register (a Register-service read). Every answer is recorded with its time.
/// </summary>
public sealed class TransactionLoad(HttpClient client, string registerId)
{
    /// <summary>
    /// Every request is bounded: a client that waits longer counts it as a hang. Generous for a shared CI machine, yet far
    /// below what a hang costs (the gateway gives up on a service after 30 s).
    /// </summary>
    public static readonly TimeSpan RequestBound = TimeSpan.FromSeconds(10);

    private static readonly TimeSpan DrainBound = TimeSpan.FromSeconds(20);

    /// <summary>
    /// A writer sends at most one submission per this interval (125/s; 1,000/s for 8 writers): half the per-caller rate
    /// limit, so that on a fast machine the writers keep sending through a fault instead of sleeping out 429s, which
    /// would let a short outage pass with no request reaching the stopped service. A slower machine never reaches it.
    /// </summary>
    private static readonly TimeSpan WriterInterval = TimeSpan.FromMilliseconds(8);

    private readonly ConcurrentDictionary<string, byte> _submitted = new(StringComparer.Ordinal);

    public Stopwatch Clock { get; } = Stopwatch.StartNew();

    public ConcurrentQueue<Answer> Answers { get; } = new();

    /// <summary>Every txId a writer sent at least once.</summary>
    public IReadOnlyCollection<string> Submitted => [.. _submitted.Keys];

    public double Now => Clock.Elapsed.TotalMilliseconds;

    /// <summary>Runs until <paramref name="stop"/>; then each writer resends its unacknowledged transaction until it is.</summary>
    public Task RunAsync(int writers, int readers, CancellationToken stop) => Task.WhenAll(
        Enumerable.Range(0, writers).Select(_ => Task.Run(() => WriteAsync(stop)))
            .Concat(Enumerable.Range(0, readers).Select(_ => Task.Run(() => ReadAsync(stop)))));

    /// <summary>Waits until a request of <paramref name="kind"/> that started at or after <paramref name="sinceMs"/> succeeded.</summary>
    public async Task<double?> FirstSuccessAfterAsync(string kind, double sinceMs, TimeSpan timeout)
    {
        var deadline = Now + timeout.TotalMilliseconds;
        while (Now < deadline)
        {
            if (FirstSuccessAfter(kind, sinceMs) is { } at)
            {
                return at;
            }

            await Task.Delay(20);
        }

        return null;
    }

    /// <summary>
    /// Waits until the load is flowing: <paramref name="acknowledged"/> submissions acknowledged and a register read
    /// answered, so that a fault injected next falls on traffic. Replaces a fixed sleep that waited the slow machine's
    /// time on every machine.
    /// </summary>
    public async Task WarmAsync(int acknowledged, TimeSpan patience)
    {
        var deadline = Now + patience.TotalMilliseconds;
        while (Answers.Count(a => a.Kind == Answer.Submit && a.Ok) < acknowledged || FirstSuccessAfter(Answer.Read, 0) is null)
        {
            Assert.True(Now < deadline, $"the load did not get {acknowledged} submissions and a read through in {patience}");
            await Task.Delay(20);
        }
    }

    /// <summary>When the first successful <paramref name="kind"/> request started at or after <paramref name="sinceMs"/> ended.</summary>
    public double? FirstSuccessAfter(string kind, double sinceMs) =>
        Answers.Where(a => a.Kind == kind && a.Ok && a.StartMs >= sinceMs).Select(a => (double?)a.EndMs).Min();

    private async Task WriteAsync(CancellationToken stop)
    {
        var signer = Signer.New();
        SignedTransaction? pending = null;
        var drainUntil = double.MaxValue;
        while (pending is not null || !stop.IsCancellationRequested)
        {
            if (stop.IsCancellationRequested)
            {
                drainUntil = Math.Min(drainUntil, Now + DrainBound.TotalMilliseconds);
                if (Now > drainUntil)
                {
                    return; // left unacknowledged: the audit reports it
                }
            }

            pending ??= RegisterFlows.Build(registerId, signer);
            _submitted.TryAdd(pending.TxId, 0);
            var answer = await SendAsync(Answer.Submit, pending.TxId, HttpMethod.Post, "/api/transactions", pending.Json);
            if (answer.Ok)
            {
                pending = null;
                var rest = WriterInterval.TotalMilliseconds - (Now - answer.StartMs);
                if (rest > 0)
                {
                    await Task.Delay(TimeSpan.FromMilliseconds(rest), CancellationToken.None);
                }
            }
            else
            {
                await Task.Delay(50, CancellationToken.None);
            }
        }
    }

    private async Task ReadAsync(CancellationToken stop)
    {
        while (!stop.IsCancellationRequested)
        {
            await SendAsync(Answer.Read, null, HttpMethod.Get, $"/api/registers/{registerId}", null);
            await Task.Delay(20, CancellationToken.None);
        }
    }

    private async Task<Answer> SendAsync(string kind, string? txId, HttpMethod method, string url, string? json)
    {
        var start = Now;
        int status;
        var isProblem = false;
        var retryAfter = false;
        using var request = new HttpRequestMessage(method, url);
        if (json is not null)
        {
            request.Content = RegisterFlows.Body(json);
        }

        using var bound = new CancellationTokenSource(RequestBound);
        try
        {
            using var response = await client.SendAsync(request, bound.Token);
            var text = await response.Content.ReadAsStringAsync(bound.Token);
            status = (int)response.StatusCode;
            retryAfter = response.Headers.RetryAfter is not null;
            if (response.StatusCode is HttpStatusCode.Created or HttpStatusCode.OK && txId is not null
                && Json.Parse<CommittedTransactionDocument>(text).TxId != txId)
            {
                status = 999; // an answer for some other transaction: never acceptable
            }

            isProblem = response.Content.Headers.ContentType?.MediaType == "application/problem+json"
                && text.Length > 0 && Json.Parse<Sorcha.Client.ProblemDocument>(text).Status == status;
        }
        catch (Exception e) when (e is OperationCanceledException or HttpRequestException)
        {
            status = Answer.NoAnswer;
        }

        var answer = new Answer(kind, txId, status, start, Now, isProblem, retryAfter);
        Answers.Enqueue(answer);
        return answer;
    }
}
