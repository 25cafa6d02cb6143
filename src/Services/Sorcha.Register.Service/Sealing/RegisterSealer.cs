using Sorcha.Contracts.Events;
using System.Collections.Concurrent;
using System.Security.Cryptography;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.Events;
using Sorcha.Ledger.Dockets;
using Sorcha.Register.Service.Storage;
using Sorcha.Registers.Store;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.Register.Service.Sealing;

/// <summary>
/// Closes a register's due dockets: a docket takes the next <see cref="MaxTransactions"/> unsealed transactions at
/// once, or fewer once the first of them is <see cref="MaxAge"/> old.
/// <para>Exactly once, with any number of replicas: the sealer reads the cursor (sealed, dockets, lastDocketHash) in
/// one command, builds and signs the docket from it, and publishes with a compare-and-set on that cursor
/// (<see cref="RegisterStore.TryPublishDocketAsync"/>). A sealer that lost the race signed a docket nobody ever sees
/// and simply reads the new cursor; ranges therefore never overlap or leave gaps, and each number is written once.
/// The winner alone raises <see cref="DocketSealed"/>, so each docket is announced once.</para>
/// <para>An archived register is sealed to its end at once: the archive route calls this right after the archive step.</para>
/// </summary>
public sealed class RegisterSealer(RegisterStore store, KeyEncryptionKey kek, TimeProvider time, LiveEvents events,
    ILogger<RegisterSealer> logger)
{
    public const int MaxTransactions = 100;

    public static readonly TimeSpan MaxAge = TimeSpan.FromSeconds(1);

    /// <summary>Dockets sealed per call at most, so one busy register cannot starve the others.</summary>
    private const int MaxDocketsPerCall = 200;

    private readonly ConcurrentDictionary<string, RegisterRecord> _registers = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<string, (long Sequence, DateTimeOffset CommittedAt)> _firstUnsealed = new(StringComparer.Ordinal);

    /// <summary>Seals what is due; returns how many transactions remain unsealed (0: nothing left to watch).</summary>
    public async Task<long> SealDueAsync(string registerId)
    {
        var unsealed = await SealDueCoreAsync(registerId);
        SealingTelemetry.SawUnsealed(registerId, unsealed);
        return unsealed;
    }

    private async Task<long> SealDueCoreAsync(string registerId)
    {
        for (var round = 0; round < MaxDocketsPerCall; round++)
        {
            // Fewer committed than sealed only if the head was moved back outside the append path: nothing to seal
            // (verify reports it), rather than a negative range.
            if (await store.GetStateAsync(registerId) is not { } state || state.Unsealed <= 0)
            {
                _firstUnsealed.TryRemove(registerId, out _);
                return 0;
            }

            var count = (int)Math.Min(state.Unsealed, MaxTransactions);
            // An archived register's height is final: what is left is sealed now, as its final docket, whatever its age.
            if (count < MaxTransactions && !state.Archived && !await IsOldEnoughAsync(registerId, state.Sealed))
            {
                return state.Unsealed;
            }

            if (await SealAsync(state, registerId, count))
            {
                logger.LogDebug("Register {RegisterId}: sealed docket {Number} over {Count} transactions", registerId, state.Dockets, count);
            }
        }

        return Math.Max(0, (await store.GetStateAsync(registerId))?.Unsealed ?? 0);
    }

    private async Task<bool> SealAsync(RegisterState state, string registerId, int count)
    {
        // One trace per docket, with its Redis spans; the polls that found nothing due record nothing (BackgroundTraces).
        using var activity = BackgroundTraces.Start(SealingTelemetry.Source, "seal docket");
        activity?.SetTag("sorcha.register_id", registerId);
        activity?.SetTag("sorcha.docket.number", state.Dockets);
        activity?.SetTag("sorcha.docket.transactions", count);
        var register = await GetRegisterAsync(registerId);
        var txIds = await store.GetTxIdsAsync(registerId, state.Sealed, count);
        var tree = await store.GetTreeAsync(registerId, state);
        var key = RegisterSigningKeys.Open(kek, register);
        Docket docket;
        try
        {
            // The tree grows by this docket's txIds: the docket carries treeSize/treeRoot, the head keeps the frontier.
            docket = DocketSealer.Seal(registerId, state.Dockets, state.Sealed, txIds, state.LastDocketHash, time.GetUtcNow(), key, tree);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(key);
        }

        if (!await store.TryPublishDocketAsync(state, docket, tree))
        {
            activity?.SetTag("sorcha.docket.outcome", "lost race");
            return false;
        }

        SealingTelemetry.DocketsSealed.Add(1);
        if (_firstUnsealed.TryGetValue(registerId, out var first) && first.Sequence == state.Sealed)
        {
            SealingTelemetry.SealLag.Record((time.GetUtcNow() - first.CommittedAt).TotalSeconds);
        }

        _ = events.ToRegisterAsync(registerId, LiveEvents.Names.DocketSealed,
            new DocketSealed(registerId, docket.Number, docket.TreeSize ?? docket.LastSequence + 1, time.GetUtcNow()));
        return true;
    }

    private async Task<bool> IsOldEnoughAsync(string registerId, long firstUnsealed)
    {
        if (!_firstUnsealed.TryGetValue(registerId, out var known) || known.Sequence != firstUnsealed)
        {
            if (await store.GetCommittedAtAsync(registerId, firstUnsealed) is not { } committedAt)
            {
                // Unreadable (tampered with) or not there: seal by the age of our own first sight instead.
                committedAt = time.GetUtcNow();
            }

            known = (firstUnsealed, committedAt);
            _firstUnsealed[registerId] = known;
        }

        return time.GetUtcNow() - known.CommittedAt >= MaxAge;
    }

    private async Task<RegisterRecord> GetRegisterAsync(string registerId)
    {
        if (_registers.TryGetValue(registerId, out var register))
        {
            return register;
        }

        // Register records never change, so caching them is safe.
        register = await store.GetAsync(registerId) ?? throw new InvalidOperationException($"Register {registerId} has no metadata.");
        return _registers.GetOrAdd(registerId, register);
    }
}
