using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Sealing;

/// <summary>
/// Runs the sealer every <see cref="Tick"/> over the registers the Transaction service marked as having new
/// transactions, and every <see cref="SweepInterval"/> over all registers (a mark is written after the commit and
/// could be lost in a crash). Every replica runs one; <see cref="RegisterSealer"/> makes that safe.
/// </summary>
public sealed class DocketSealerService(RegisterSealer sealer, RegisterStore store, TimeProvider time, ILogger<DocketSealerService> logger)
    : BackgroundService
{
    public static readonly TimeSpan Tick = TimeSpan.FromMilliseconds(100);

    public static readonly TimeSpan SweepInterval = TimeSpan.FromSeconds(10);

    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        var nextSweep = time.GetUtcNow();
        using var timer = new PeriodicTimer(Tick, time);
        while (await timer.WaitForNextTickAsync(stoppingToken))
        {
            try
            {
                if (time.GetUtcNow() >= nextSweep)
                {
                    await SweepAsync();
                    nextSweep = time.GetUtcNow() + SweepInterval;
                }

                foreach (var (registerId, counter) in await store.GetUnsealedCandidatesAsync())
                {
                    if (await SealAsync(registerId) == 0)
                    {
                        await store.ForgetUnsealedAsync(registerId, counter);
                    }
                }
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                logger.LogWarning(e, "Docket sealing round failed; retrying on the next tick");
            }
        }
    }

    private async Task SweepAsync()
    {
        await foreach (var registerId in store.AllIdsAsync())
        {
            if (await SealAsync(registerId) > 0)
            {
                await store.MarkUnsealedAsync(registerId);
            }
        }
    }

    /// <summary>One register's failure (say, a tampered entry) must not hold up the others.</summary>
    private async Task<long> SealAsync(string registerId)
    {
        try
        {
            return await sealer.SealDueAsync(registerId);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            logger.LogWarning(e, "Sealing register {RegisterId} failed", registerId);
            return -1;
        }
    }
}
