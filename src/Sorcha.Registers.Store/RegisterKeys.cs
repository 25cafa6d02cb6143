using System.Security.Cryptography;
using System.Text;
using StackExchange.Redis;

namespace Sorcha.Registers.Store;

/// <summary>
/// Every Redis key of a register, all hash-tagged on the register id (<c>reg:{id}:…</c>) so one Lua script can touch
/// them together on Redis Cluster. The global keys (the register index, the unsealed set and the txId index) and the
/// owners' sets are written outside the per-register scripts, never inside them. Touched together: create (meta, head), append (meta,
/// head, tx, txid, seq, types and the index keys of the batch), seal (head, dockets, docket-ends), writers (meta, writers),
/// index backfill (head, types, index keys), archive (meta, head), delete (meta, head, tombstone; then the rest) — all within the register's slot (<see cref="OfRegister"/> and the index keys).
/// </summary>
public static class RegisterKeys
{
    /// <summary>
    /// Hash: name, owner, createdAt, publicKey, sealedKey, and description once the owner set one. Only name and
    /// description ever change (the owner's PATCH); deleting the register removes the hash with the private key in it.
    /// </summary>
    public static RedisKey Meta(string id) => $"reg:{{{id}}}:meta";

    /// <summary>
    /// Hash: height, chainHash (the chain head) and the sealer's cursor: sealed, dockets, lastDocketHash, treeFrontier
    /// (the register tree's right edge over the sealed sequences; absent in registers created before register trees),
    /// and the indexes' state: indexedFrom (the first sequence the append indexed), backfilled (sequences below it are
    /// indexed by the backfill; the indexes are whole once backfilled ≥ indexedFrom), indexEntries (sorted-set entries
    /// written); registers created before the indexes get indexedFrom at their first append or backfill; and the
    /// life cycle: state ("archived", absent while open) and archivedAt (ms), which the append script reads in the same
    /// step as the chain head, so that no append lands after the archive.
    /// </summary>
    public static RedisKey Head(string id) => $"reg:{{{id}}}:head";

    /// <summary>Hash: sequence → CommittedTransaction JSON as committed (never rewritten; docketNumber is added on read).</summary>
    public static RedisKey Transactions(string id) => $"reg:{{{id}}}:tx";

    /// <summary>Hash: txId → sequence (idempotency and lookup by txId).</summary>
    public static RedisKey TxIds(string id) => $"reg:{{{id}}}:txid";

    /// <summary>Hash: sequence → txId (what sealing and proofs need, without parsing the transactions).</summary>
    public static RedisKey Sequences(string id) => $"reg:{{{id}}}:seq";

    /// <summary>Hash: docket number → Docket JSON.</summary>
    public static RedisKey Dockets(string id) => $"reg:{{{id}}}:dockets";

    /// <summary>Sorted set: member docket number, score its lastSequence — "which docket covers sequence s".</summary>
    public static RedisKey DocketEnds(string id) => $"reg:{{{id}}}:docket-ends";

    /// <summary>
    /// Set of the subjects the owner granted the right to append (the owner itself is in meta, never here). Read on
    /// every user commit, written only by the owner through <see cref="WriterScripts"/>.
    /// </summary>
    public static RedisKey Writers(string id) => $"reg:{{{id}}}:writers";

    /// <summary>
    /// Hash: metadata type → how many committed transactions carry it (the stats' byType). Only types of 1 to
    /// <see cref="TransactionIndex.MaxValueLength"/> characters, and at most <see cref="TransactionIndex.MaxTypes"/> of
    /// them: a type first seen when the hash is full is not counted (docs/api.md, "Register filters and stats").
    /// </summary>
    public static RedisKey Types(string id) => $"reg:{{{id}}}:types";

    /// <summary>
    /// Sorted set: the sequences (member and score) of the transactions <paramref name="address"/> sent or is a recipient
    /// of (<c>payload.envelopes[*].recipient</c>). Addresses are bech32m (lowercase letters and digits), so the key holds
    /// the address itself; callers pass only valid addresses.
    /// </summary>
    public static RedisKey ByWallet(string id, string address) => $"reg:{{{id}}}:by-wallet:{address}";

    /// <summary>Sorted set: the sequences of the transactions whose metadata.blueprintId is the value (hashed: any character).</summary>
    public static RedisKey ByBlueprint(string id, string blueprintId) => $"reg:{{{id}}}:by-blueprint:{ValueHash(blueprintId)}";

    /// <summary>Sorted set: the sequences of the transactions whose metadata.instanceId is the value (hashed: any character).</summary>
    public static RedisKey ByInstance(string id, string instanceId) => $"reg:{{{id}}}:by-instance:{ValueHash(instanceId)}";

    /// <summary>
    /// String: the signed Tombstone JSON of a deleted register, the one key of its family left after the delete (written
    /// in the step that removes meta and head; the rest is unlinked after, <see cref="RegisterStore.DeleteAsync"/>).
    /// </summary>
    public static RedisKey Tombstone(string id) => $"reg:{{{id}}}:tombstone";

    /// <summary>Sorted set of every register id by creation time (ms), for listing.</summary>
    public static readonly RedisKey Index = "registers";

    /// <summary>
    /// Sorted set: registers that may have unsealed transactions; the score is a counter bumped after every append,
    /// so the sealer removes an entry only if no append happened since it looked (see <see cref="RegisterStore"/>).
    /// </summary>
    public static readonly RedisKey Unsealed = "registers:unsealed";

    /// <summary>
    /// Global txId → registerId index, sharded over 4,096 hashes by the txId's first three hex digits so that it
    /// spreads over a cluster's slots instead of being one huge key.
    /// </summary>
    public static RedisKey TxLocation(string txId) => $"txloc:{{{txId[..3]}}}";

    /// <summary>
    /// Set of the ids of the registers an owner created: the owner's count for Limits:Quotas:Registers (a creation
    /// reserves its id here, checked and added in one script, before the register's keys are written). Subjects may
    /// hold any character (a brace would move the hash tag), so the key holds a hash of the subject instead.
    /// </summary>
    public static RedisKey Owned(string owner) => $"registers:owner:{{{ValueHash(owner)}}}";

    /// <summary>
    /// Every fixed per-register key; with the register's index keys (<see cref="ByWallet"/>, <see cref="ByBlueprint"/>,
    /// <see cref="ByInstance"/>), the only keys a multi-key script of one register may name (one slot).
    /// </summary>
    public static IReadOnlyList<RedisKey> OfRegister(string id) =>
        [Meta(id), Head(id), Transactions(id), TxIds(id), Sequences(id), Dockets(id), DocketEnds(id), Writers(id), Types(id), Tombstone(id)];

    /// <summary>Every key this family may write, as anchored regular expressions (checked by the key-catalogue test).</summary>
    public static readonly IReadOnlyList<string> Patterns =
    [
        @"^reg:\{[0-9a-f]{32}\}:(meta|head|tx|txid|seq|dockets|docket-ends|writers|types|tombstone)$",
        @"^reg:\{[0-9a-f]{32}\}:by-wallet:ws1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{40}$",
        @"^reg:\{[0-9a-f]{32}\}:by-(blueprint|instance):[0-9a-f]{32}$",
        "^registers$",
        "^registers:unsealed$",
        @"^registers:owner:\{[0-9a-f]{32}\}$",
        @"^txloc:\{[0-9a-f]{3}\}$",
    ];

    /// <summary>
    /// 128 bits of SHA-256 of a value that may hold any character (a subject, a blueprint or instance id as a client
    /// wrote it), in lowercase hex: a key of fixed length and alphabet, whatever the value.
    /// </summary>
    private static string ValueHash(string value) => Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(value)))[..32];
}
