using System.Collections.Concurrent;

namespace Sorcha.Performance.Engine;

/// <summary>One request of the measured window: when it was due (s from the run's start), its latency and start lag (ms).</summary>
public readonly record struct Sample(double DueAt, double LatencyMs, double LagMs, bool Ok);

/// <summary>
/// What one scenario's requests did: the measured samples for the results, the warm-up's apart (for the report's charts
/// only: no figure or gate sees them), live counters (warm-up included) for the progress line, and the kinds of error
/// behind failures so a failed run says why.
/// </summary>
public sealed class ScenarioMeter(string scenario)
{
    private readonly List<Sample> _samples = [];
    private readonly List<Sample> _warmUp = [];
    private readonly List<double> _drops = [];
    private readonly ConcurrentDictionary<string, long> _errors = new();
    private readonly ConcurrentDictionary<string, List<double>> _stages = new(StringComparer.Ordinal);
    private List<double> _recent = [];
    private long _requests, _ok, _dropped;

    public string Scenario { get; } = scenario;
    public long Requests => Interlocked.Read(ref _requests);
    public long Ok => Interlocked.Read(ref _ok);
    public long Dropped => Interlocked.Read(ref _dropped);
    public IReadOnlyDictionary<string, long> Errors => _errors;

    public void Record(Sample sample, bool measured)
    {
        Interlocked.Increment(ref _requests);
        if (sample.Ok)
        {
            Interlocked.Increment(ref _ok);
        }

        lock (_samples)
        {
            (measured ? _samples : _warmUp).Add(sample);

            if (sample.Ok)
            {
                _recent.Add(sample.LatencyMs);
            }
        }
    }

    /// <summary>A request due at <paramref name="dueAt"/> (s) the generator could not start (too many in flight): counted against the run.</summary>
    public void Drop(double dueAt, bool measured)
    {
        Interlocked.Increment(ref _requests);
        if (measured)
        {
            Interlocked.Increment(ref _dropped);
        }

        lock (_samples)
        {
            _drops.Add(dueAt);
        }
    }

    /// <summary>Counts a failure by kind; kinds are capped so a message carrying ids cannot grow the table without end.</summary>
    public void Error(string kind)
    {
        kind = kind.Length > 160 ? kind[..160] : kind;
        _errors.AddOrUpdate(_errors.Count < 20 || _errors.ContainsKey(kind) ? kind : "(other kinds)", 1, (_, n) => n + 1);
    }

    /// <summary>A Server-Timing stage of a measured response (<see cref="StageTimings"/>).</summary>
    public void Stage(string name, double milliseconds)
    {
        var durations = _stages.GetOrAdd(name, _ => []);
        lock (durations)
        {
            durations.Add(milliseconds);
        }
    }

    public IReadOnlyDictionary<string, StageFigures> Stages() =>
        new SortedDictionary<string, StageFigures>(_stages.ToDictionary(s => s.Key, s =>
        {
            lock (s.Value)
            {
                return StageFigures.From([.. s.Value]);
            }
        }), StringComparer.Ordinal);

    /// <summary>OK latencies since the last call, for the progress line.</summary>
    public List<double> TakeRecent()
    {
        lock (_samples)
        {
            var recent = _recent;
            _recent = [];
            return recent;
        }
    }

    public IReadOnlyList<Sample> Samples()
    {
        lock (_samples)
        {
            return [.. _samples];
        }
    }

    /// <summary>The warm-up's requests and when every dropped send was due (warm-up included): for the charts only.</summary>
    public (IReadOnlyList<Sample> WarmUp, IReadOnlyList<double> Drops) ChartSamples()
    {
        lock (_samples)
        {
            return ([.. _warmUp], [.. _drops]);
        }
    }
}
