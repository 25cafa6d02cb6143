using System.Runtime.CompilerServices;
using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Ledger;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Formats;
using StackExchange.Redis;

namespace Sorcha.Registers.Store;

public sealed partial class RegisterStore
{
    public async Task<Docket?> GetDocketAsync(string registerId, long number)
    {
        if (!RegisterIds.IsValid(registerId) || number < 0)
        {
            return null;
        }

        var json = await Db.HashGetAsync(RegisterKeys.Dockets(registerId), number);
        return json.IsNull ? null : ReadDocket(json);
    }

    /// <summary>Dockets first..first+count−1 that exist, in number order.</summary>
    public async Task<IReadOnlyList<Docket>> GetDocketsAsync(string registerId, long first, int count)
    {
        if (count <= 0 || !RegisterIds.IsValid(registerId))
        {
            return [];
        }

        var fields = new RedisValue[count];
        for (var i = 0; i < count; i++)
        {
            fields[i] = first + i;
        }

        var values = await Db.HashGetAsync(RegisterKeys.Dockets(registerId), fields);
        return [.. values.TakeWhile(v => !v.IsNull).Select(ReadDocket)];
    }

    /// <summary>The docket covering <paramref name="sequence"/>, or null while it is unsealed.</summary>
    public async Task<Docket?> GetCoveringDocketAsync(string registerId, long sequence)
    {
        var number = (await CoveringDocketsAsync(registerId, sequence, 1, long.MaxValue))[0];
        return number is { } n ? await GetDocketAsync(registerId, n) : null;
    }

    /// <summary>
    /// The snapshot's dockets, in number order: its first <see cref="RegisterState.Dockets"/>, of those only the ones
    /// that end below its height (in an intact store that is all of them; in one whose head was moved back, the
    /// dockets past it are left out so that verify names the head's disagreement). With the transactions streamed from
    /// the same snapshot, a consistent pair even while the sealer keeps going: counting by height alone would take in a
    /// docket sealed after the snapshot was read.
    /// </summary>
    public async IAsyncEnumerable<Docket> StreamDocketsAsync(
        string registerId, RegisterState snapshot, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        var count = Math.Min(snapshot.Dockets,
            await Db.SortedSetLengthAsync(RegisterKeys.DocketEnds(registerId), double.NegativeInfinity, snapshot.Height - 1));
        for (long first = 0; first < count; first += StreamChunk)
        {
            foreach (var docket in await GetDocketsAsync(registerId, first, (int)Math.Min(StreamChunk, count - first)))
            {
                cancellationToken.ThrowIfCancellationRequested();
                yield return docket;
            }
        }
    }

    /// <summary>
    /// Publishes <paramref name="docket"/> if the sealer cursor is still at <paramref name="expected"/> (see
    /// <see cref="SealScript"/>); false when another sealer got there first, in which case the docket is discarded.
    /// </summary>
    /// <param name="tree">The register tree after <paramref name="docket"/> (kept in the head for the next docket).</param>
    public async Task<bool> TryPublishDocketAsync(RegisterState expected, Docket docket, MerkleFrontier tree)
    {
        if (tree.Size != docket.LastSequence + 1)
        {
            throw new ArgumentException("the register tree must end where the docket ends", nameof(tree));
        }

        if (docket.Number != expected.Dockets || docket.FirstSequence != expected.Sealed)
        {
            throw new ArgumentException("the docket must continue from the expected cursor", nameof(docket));
        }

        var id = docket.RegisterId;
        var written = (long)await Db.ScriptEvaluateAsync(SealScript.Source,
            [RegisterKeys.Head(id), RegisterKeys.Dockets(id), RegisterKeys.DocketEnds(id)],
            [expected.Sealed, expected.Dockets, docket.LastSequence + 1,
             JsonSerializer.SerializeToUtf8Bytes(docket, LedgerJsonContext.Default.Docket), docket.DocketHash,
             LowerHex.Encode(tree.ToBytes())]);
        return written == 1;
    }

    /// <summary>
    /// The register tree over sequences 0..state.Sealed−1, from the head's frontier; for a register created before
    /// register trees (no frontier stored yet) it is rebuilt once from the stored txIds, and the next docket keeps it.
    /// </summary>
    public async Task<MerkleFrontier> GetTreeAsync(string registerId, RegisterState state)
    {
        if (state.TreeFrontier is { } hex && hex.Length % 64 == 0 && hex.All(char.IsAsciiHexDigitLower)
            && MerkleFrontier.TryFromBytes(state.Sealed, Convert.FromHexString(hex), out var tree))
        {
            return tree;
        }

        tree = new MerkleFrontier();
        for (long first = 0; first < state.Sealed; first += StreamChunk)
        {
            tree.AppendAll(await GetTxIdsAsync(registerId, first, (int)Math.Min(StreamChunk, state.Sealed - first)));
        }

        return tree;
    }

    /// <summary>When the transaction at <paramref name="sequence"/> was committed (the docket timer starts there).</summary>
    public async Task<DateTimeOffset?> GetCommittedAtAsync(string registerId, long sequence)
    {
        var json = await Db.HashGetAsync(RegisterKeys.Transactions(registerId), sequence);
        return !json.IsNull && Ledger.Chain.CommittedTransactionReader.TryRead((byte[])json!, out var tx, out _)
            ? tx.Commit.CommittedAt
            : null;
    }

    /// <summary>Registers that may have unsealed transactions, with the counter value seen (for <see cref="ForgetUnsealedAsync"/>).</summary>
    public async Task<IReadOnlyList<(string RegisterId, double Counter)>> GetUnsealedCandidatesAsync()
    {
        var entries = await Db.SortedSetRangeByRankWithScoresAsync(RegisterKeys.Unsealed);
        return [.. entries.Select(e => ((string)e.Element!, e.Score))];
    }

    public Task MarkUnsealedAsync(string registerId) => Db.SortedSetIncrementAsync(RegisterKeys.Unsealed, registerId, 1);

    /// <summary>Drops a fully sealed register from the candidates unless an append bumped its counter meanwhile.</summary>
    public Task ForgetUnsealedAsync(string registerId, double counter) =>
        Db.ScriptEvaluateAsync(SealScript.ForgetIfUnchanged, [RegisterKeys.Unsealed],
            [registerId, counter.ToString("R", System.Globalization.CultureInfo.InvariantCulture)]);

    private static Docket ReadDocket(RedisValue json) =>
        JsonSerializer.Deserialize((byte[])json!, LedgerJsonContext.Default.Docket)
        ?? throw new InvalidOperationException("A stored docket is null.");
}
