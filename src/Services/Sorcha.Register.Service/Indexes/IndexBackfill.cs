using System.Collections.Concurrent;
using System.Threading.Channels;
using Sorcha.Register.Service.Sealing;
using Sorcha.Registers.Store;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Register.Service.Indexes;

/// <summary>
/// Indexes registers that hold transactions from before the indexes existed (RegisterStore.BackfillIndexesAsync): at
/// start every register that is not whole, and later any register a filtered read or the stats found not whole
/// (<see cref="Request"/>; a register an older Transaction process appended to after the sweep). One register at a
/// time, in bounded chunks, so a large backfill never holds Redis or the process for long; every replica may run it,
/// the store's compare-and-set makes each chunk count once.
/// </summary>
public sealed class IndexBackfill(RegisterStore store, ILogger<IndexBackfill> logger) : BackgroundService
{
    public static readonly TimeSpan SweepRetry = TimeSpan.FromSeconds(5);

    private readonly Channel<string> _queue = Channel.CreateUnbounded<string>(new UnboundedChannelOptions { SingleReader = true });

    // Only registers that exist and are not whole are ever queued, so the queue holds at most one entry per register.
    private readonly ConcurrentDictionary<string, byte> _queued = new(StringComparer.Ordinal);

    public void Request(string registerId)
    {
        if (_queued.TryAdd(registerId, 0))
        {
            _queue.Writer.TryWrite(registerId);
        }
    }

    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        _ = Task.Run(() => SweepAsync(stoppingToken), stoppingToken);
        await foreach (var registerId in _queue.Reader.ReadAllAsync(stoppingToken))
        {
            // One trace per register backfilled (its chunks' Redis spans under it); the start-up sweep's reads record nothing.
            using var activity = BackgroundTraces.Start(SealingTelemetry.Source, "backfill indexes");
            activity?.SetTag("sorcha.register_id", registerId);
            try
            {
                if (await store.BackfillIndexesAsync(registerId, stoppingToken) is > 0 and var indexed)
                {
                    logger.LogInformation("Indexed {Count} transactions of register {RegisterId} from before its indexes", indexed, registerId);
                }
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                // Its next filtered read asks again.
                logger.LogWarning(e, "Backfilling the indexes of register {RegisterId} failed", registerId);
            }
            finally
            {
                _queued.TryRemove(registerId, out _);
            }
        }
    }

    /// <summary>Queues every register that is not whole; retried until one sweep gets through (Redis may still be loading).</summary>
    private async Task SweepAsync(CancellationToken stoppingToken)
    {
        while (!stoppingToken.IsCancellationRequested)
        {
            try
            {
                await foreach (var registerId in store.AllIdsAsync().WithCancellation(stoppingToken))
                {
                    if (!await store.IsIndexedAsync(registerId))
                    {
                        Request(registerId);
                    }
                }

                return;
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                logger.LogWarning(e, "Looking for registers to backfill failed; retrying in {Delay}", SweepRetry);
                await Task.Delay(SweepRetry, stoppingToken);
            }
        }
    }
}
