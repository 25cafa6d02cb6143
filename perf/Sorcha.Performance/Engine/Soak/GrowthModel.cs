namespace Sorcha.Performance.Engine.Soak;

/// <summary>
/// How much memory the soak's stored data explains (docs/reliability.md, "Soak", with the measurements behind the
/// figures). Redis: at most <see cref="RedisBytes"/> per object stored between the first and the last span, plus
/// <see cref="RedisSlackMb"/> (client and AOF buffers). A Sorcha process keeps no per-object state (caches are
/// bounded by count), so objects explain none of its memory: it may grow by <see cref="ProcessSlackMb"/> or
/// <see cref="ProcessSlackShare"/> of its size (GC heap sizing, pools), whichever is larger. Spans are compared by the
/// mean of their samples.
/// </summary>
public static class GrowthModel
{
    public static readonly StoredCounts RedisBytes = new(Transactions: 4_096, Instances: 8_192, Blueprints: 8_192);
    public const double RedisSlackMb = 16;
    public const double ProcessSlackMb = 32;
    public const double ProcessSlackShare = 0.20;

    public static GrowthVerdict Judge(IReadOnlyList<ResourceSample> samples, (double From, double To) first, (double From, double To) last)
    {
        var (a, b) = (In(samples, first), In(samples, last));
        var reasons = new List<string>();
        RedisGrowth? redis = null;
        if (a.Count > 0 && b.Count > 0)
        {
            var stored = b[^1].Stored - a[0].Stored;
            var explained = (stored.Transactions * RedisBytes.Transactions + stored.Instances * RedisBytes.Instances
                             + stored.Blueprints * RedisBytes.Blueprints) / (double)(1 << 20) + RedisSlackMb;
            var (from, to) = (Mean(a, s => s.RedisUsedMb), Mean(b, s => s.RedisUsedMb));
            if (from is { } f && to is { } t)
            {
                redis = new RedisGrowth(f, t, LatencyStats.Round(explained), stored);
                if (t - f > explained)
                {
                    reasons.Add($"redis: used_memory {f} → {t} MB, more than the {redis.ExplainedMb} MB that {stored} explain");
                }
            }
            else
            {
                reasons.Add("redis: no used_memory sample in a span");
            }
        }
        else
        {
            reasons.Add("no resource sample in the first or the last span");
        }

        var processes = a.SelectMany(s => s.Processes).Select(p => p.Name).Distinct()
            .Where(name => name.StartsWith("Sorcha.", StringComparison.Ordinal))
            .Select(name => (name, from: Mean(a, s => Rss(s, name)), to: Mean(b, s => Rss(s, name))))
            .Where(p => p.from is not null && p.to is not null)
            .Select(p => new ProcessGrowth(p.name, p.from!.Value, p.to!.Value,
                LatencyStats.Round(Math.Max(ProcessSlackMb, ProcessSlackShare * p.from.Value))))
            .ToList();
        reasons.AddRange(processes.Where(p => p.LastMb - p.FirstMb > p.AllowedMb)
            .Select(p => $"{p.Name}: resident {p.FirstMb} → {p.LastMb} MB, more than the {p.AllowedMb} MB allowed"));
        return new GrowthVerdict(redis, processes, reasons);
    }

    private static List<ResourceSample> In(IReadOnlyList<ResourceSample> samples, (double From, double To) span) =>
        [.. samples.Where(s => s.At >= span.From && s.At <= span.To)];

    private static double? Rss(ResourceSample sample, string name) => sample.Processes.FirstOrDefault(p => p.Name == name)?.RssMb;

    private static double? Mean(IReadOnlyList<ResourceSample> samples, Func<ResourceSample, double?> value) =>
        samples.Select(value).OfType<double>().ToList() is { Count: > 0 } values ? LatencyStats.Round(values.Average()) : null;
}

public sealed record RedisGrowth(double FirstMb, double LastMb, double ExplainedMb, StoredCounts Stored);

/// <param name="AllowedMb">The growth the model allows this process.</param>
public sealed record ProcessGrowth(string Name, double FirstMb, double LastMb, double AllowedMb);

public sealed record GrowthVerdict(RedisGrowth? Redis, IReadOnlyList<ProcessGrowth> Processes, IReadOnlyList<string> Reasons);
