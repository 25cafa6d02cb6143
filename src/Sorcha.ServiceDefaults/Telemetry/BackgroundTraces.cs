using System.Diagnostics;
using OpenTelemetry;

namespace Sorcha.ServiceDefaults.Telemetry;

/// <summary>
/// Quiet when idle, loud when working: a background loop (a poll, a timer, a queue) records nothing while it finds
/// nothing to do — its Redis commands run outside any span, and a Redis span with no parent is dropped
/// (<see cref="OrphanRedisSpans"/>) — and each piece of work it does is one root trace named for what it did, with that
/// work's Redis spans under it (<see cref="Start"/>).
/// </summary>
public static class BackgroundTraces
{
    /// <summary>
    /// Starts a root span for one piece of background work (null when nobody records traces: no cost then). Root even
    /// if the loop runs inside some span (a hosted service started under another's, say): the work is its own story.
    /// </summary>
    public static Activity? Start(ActivitySource source, string name)
    {
        var outer = Activity.Current;
        Activity.Current = null;
        var activity = source.StartActivity(name, ActivityKind.Internal);
        if (activity is null)
        {
            Activity.Current = outer;
        }

        return activity;
    }

    /// <summary>
    /// Un-records a Redis span that has no parent: a command outside any span is a background loop's poll (the sealer
    /// reads Redis ten times a second) or an untraced probe's, and each would be a root trace of one span, flooding the
    /// trace list while the platform idles. Done when the span starts, so every exporter after sees it unrecorded,
    /// whatever the processors' order. (Aspire's Redis instrumentation has a filter, but its argument type is internal.)
    /// </summary>
    internal sealed class OrphanRedisSpans : BaseProcessor<Activity>
    {
        public const string RedisSource = "OpenTelemetry.Instrumentation.StackExchangeRedis";

        public override void OnStart(Activity data)
        {
            if (data.ParentSpanId == default && data.Source.Name == RedisSource)
            {
                data.ActivityTraceFlags &= ~ActivityTraceFlags.Recorded;
                data.IsAllDataRequested = false;
            }
        }
    }
}
