using System.Diagnostics;
using System.Globalization;
using System.Text;
using Microsoft.AspNetCore.Http;

namespace Sorcha.ServiceDefaults.Telemetry;

/// <summary>
/// Where one request's time went, by stage: each stage is an OpenTelemetry span (exported when OTLP is configured) and,
/// where enabled, an entry of the W3C <c>Server-Timing</c> response header, so a client or a load test can break a
/// request down without a trace collector. Stages may run concurrently; entries keep the order they finished in.
/// </summary>
public sealed class ServerTiming
{
    private readonly Lock _gate = new();
    private readonly List<(string Name, double Ms)> _entries = [];

    /// <summary>Starts a stage; disposing it records the stage. Names are header tokens (letters, digits, '-', '_').</summary>
    public Stage Measure(string name, ActivitySource source) => new(this, name, Stopwatch.GetTimestamp(), source.StartActivity(name));

    internal void Add(string name, double milliseconds)
    {
        lock (_gate)
        {
            _entries.Add((name, milliseconds));
        }
    }

    /// <summary>The header value, e.g. <c>validate;dur=0.41, commit;dur=3.02</c>; null when nothing was measured.</summary>
    public string? HeaderValue()
    {
        lock (_gate)
        {
            if (_entries.Count == 0)
            {
                return null;
            }

            var text = new StringBuilder();
            foreach (var (name, ms) in _entries)
            {
                text.Append(text.Length == 0 ? "" : ", ").Append(name).Append(";dur=").Append(ms.ToString("0.###", CultureInfo.InvariantCulture));
            }

            return text.ToString();
        }
    }

    public readonly struct Stage(ServerTiming owner, string name, long started, Activity? activity) : IDisposable
    {
        public void Dispose()
        {
            owner.Add(name, Stopwatch.GetElapsedTime(started).TotalMilliseconds);
            activity?.Dispose();
        }
    }
}
