extern alias blueprint;

using System.Collections.Concurrent;
using System.Diagnostics.Metrics;
using System.Net;
using System.Net.Http.Json;
using Microsoft.Extensions.Logging;
using Sorcha.Testing.Blueprints;
using ActionOutcomes = blueprint::Sorcha.Blueprint.Service.Instances.ActionOutcomes;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>
/// An action's outcome in Sorcha's own metrics (a MeterListener, as an exporter would listen) and its log event. The
/// meters are process-wide and another fixture's tests may submit actions at the same time, so counts are lower bounds.
/// </summary>
[Collection(BlueprintScope.Name)]
public sealed class ActionTelemetryTests(BlueprintServices services)
{
    [Fact]
    public async Task A_committed_and_a_refused_submission_are_counted_and_their_stages_timed()
    {
        using var recorded = new Recorded("Sorcha.Blueprint", "Sorcha.Stages");
        using var alice = await services.ClientAsync("telemetry-alice");
        var (instance, wallet) = await InstanceFlows.SoloExpenseInstanceAsync(alice);

        using var committed = await alice.PostAsJsonAsync($"/api/instances/{instance}/actions/submit", new { sender = wallet, data = InstanceFlows.Claim });
        Assert.Equal(HttpStatusCode.Created, committed.StatusCode);
        using var again = await alice.PostAsJsonAsync($"/api/instances/{instance}/actions/submit", new { sender = wallet, data = InstanceFlows.Claim });
        Assert.Equal(HttpStatusCode.Conflict, again.StatusCode);

        Assert.True(recorded.Sum("sorcha.actions.submitted", ("sorcha.action.kind", "submit")) >= 2);
        Assert.True(recorded.Sum("sorcha.actions.committed", ("sorcha.action.kind", "submit")) >= 1);
        Assert.True(recorded.Sum("sorcha.actions.refused", ("sorcha.action.kind", "submit"), ("sorcha.refusal.reason", "Conflict"),
            ("http.response.status_code", 409)) >= 1);
        var stages = recorded.Tags("sorcha.stage.duration", "sorcha.stage");
        Assert.Superset(new HashSet<object?> { "engine", "sender", "claim", "prepare", "pending", "commit", "advance" }, stages);
    }

    [Fact]
    public void A_commit_is_one_Information_event_with_the_ids_and_the_sender_and_a_refusal_a_Warning_with_the_title()
    {
        var log = new CapturingLogger();
        var outcomes = new ActionOutcomes(log);
        Assert.Equal([ActionOutcomes.Category], log.Categories);
        outcomes.Done(rejection: false, "inst-1", "submit", "tx-1", "reg-1", "ws1sender", ended: false);
        outcomes.Failed(rejection: true, "inst-1", "approve", "not an address",
            new Sorcha.ApiPlatform.Problems.ProblemException(409, "Conflict", "The instance moved on."));

        var (level, properties) = Assert.Single(log.Events, e => e.Level == LogLevel.Information);
        Assert.Equal(
            new Dictionary<string, object?> { ["InstanceId"] = "inst-1", ["ActionId"] = "submit", ["TxId"] = "tx-1", ["RegisterId"] = "reg-1", ["Sender"] = "ws1sender" },
            properties.Where(p => p.Key != "{OriginalFormat}").ToDictionary());
        var refusal = Assert.Single(log.Events, e => e.Level == LogLevel.Warning).Properties.ToDictionary();
        Assert.Equal("Conflict", refusal["Problem"]);
        Assert.Equal(409, refusal["Status"]);
        Assert.Null(refusal["Sender"]); // not a well-formed address: whatever the caller sent is not logged
    }

    /// <summary>Every measurement of the named meters' instruments while it lives.</summary>
    private sealed class Recorded : IDisposable
    {
        private readonly MeterListener _listener = new();
        private readonly ConcurrentQueue<(string Instrument, double Value, KeyValuePair<string, object?>[] Tags)> _measurements = new();

        public Recorded(params string[] meters)
        {
            _listener.InstrumentPublished = (instrument, listener) =>
            {
                if (meters.Contains(instrument.Meter.Name))
                {
                    listener.EnableMeasurementEvents(instrument);
                }
            };
            _listener.SetMeasurementEventCallback<long>((i, v, tags, _) => _measurements.Enqueue((i.Name, v, tags.ToArray())));
            _listener.SetMeasurementEventCallback<double>((i, v, tags, _) => _measurements.Enqueue((i.Name, v, tags.ToArray())));
            _listener.Start();
        }

        public double Sum(string instrument, params (string Key, object Value)[] tags) => _measurements
            .Where(m => m.Instrument == instrument && tags.All(t => m.Tags.Any(k => k.Key == t.Key && Equals(k.Value, t.Value))))
            .Sum(m => m.Value);

        public HashSet<object?> Tags(string instrument, string key) =>
            [.. _measurements.Where(m => m.Instrument == instrument).SelectMany(m => m.Tags).Where(t => t.Key == key).Select(t => t.Value)];

        public void Dispose() => _listener.Dispose();
    }

    private sealed class CapturingLogger : ILogger, ILoggerFactory
    {
        public List<string> Categories { get; } = [];

        public ILogger CreateLogger(string categoryName)
        {
            Categories.Add(categoryName);
            return this;
        }

        public void AddProvider(ILoggerProvider provider) => throw new NotSupportedException();

        public void Dispose()
        {
        }

        public List<(LogLevel Level, IReadOnlyList<KeyValuePair<string, object?>> Properties)> Events { get; } = [];

        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => true;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
            // Copied now: the state may be pooled and reused once Log returns.
            Events.Add((logLevel, [.. state as IEnumerable<KeyValuePair<string, object?>> ?? []]));
    }
}
