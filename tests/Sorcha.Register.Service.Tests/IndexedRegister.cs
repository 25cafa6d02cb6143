using System.Text;
using System.Text.Json.Nodes;
using Sorcha.Ledger.Transactions;
using Sorcha.Registers.Store;
using Sorcha.Testing.Registers;
using StackExchange.Redis;

namespace Sorcha.Register.Service.Tests;

/// <summary>One transaction as the index tests build it, and what a filter should match on it.</summary>
public sealed record Shape(Signer Sender, string[] Recipients, string? Type = null, string? BlueprintId = null, string? InstanceId = null)
{
    public bool Matches(TransactionFilter filter) =>
        (filter.Wallet is null || Sender.Address == filter.Wallet || Recipients.Contains(filter.Wallet))
        && (filter.BlueprintId is null || BlueprintId == filter.BlueprintId)
        && (filter.InstanceId is null || InstanceId == filter.InstanceId);
}

/// <summary>
/// A register's transactions built from shapes (sender, payload recipients, metadata), kept in sequence order so that
/// a test states what every filter must answer by filtering this list, independently of the indexes.
/// </summary>
public sealed class IndexedRegister(string id)
{
    private readonly List<Shape> _shapes = [];

    public string Id => id;

    public IReadOnlyList<Shape> Shapes => _shapes;

    /// <summary>The sorted-set entries the built transactions add, as TransactionIndex counts them.</summary>
    public long Entries { get; private set; }

    /// <summary>The sequences a filter must answer, in order.</summary>
    public IReadOnlyList<long> Expected(TransactionFilter filter) =>
        [.. _shapes.Select((shape, sequence) => (shape, sequence)).Where(x => x.shape.Matches(filter)).Select(x => (long)x.sequence)];

    /// <summary>Builds the transactions (the register's next sequences, once appended in this order) and records their shapes.</summary>
    public IReadOnlyList<ParsedTransaction> Build(IEnumerable<Shape> shapes)
    {
        return [.. shapes.Select(shape => Parse(Add(shape)))];
    }

    /// <summary>Builds the register's next transaction and records its shape; returns its signed JSON.</summary>
    public string Add(Shape shape)
    {
        var json = Json(id, shape);
        _shapes.Add(shape);
        Entries += TransactionIndex.Of(Parse(json)).Entries;
        return json;
    }

    public static ParsedTransaction Parse(string registerId, Shape shape) => Parse(Json(registerId, shape));

    private static ParsedTransaction Parse(string json) =>
        TransactionParser.TryParse(Encoding.UTF8.GetBytes(json), out var tx, out var errors)
            ? tx
            : throw new InvalidOperationException(string.Join("; ", errors.Select(e => $"{e.Field} {e.Message}")));

    /// <summary>The signed transaction's JSON: an envelope per recipient (only its recipient matters here), metadata as given.</summary>
    public static string Json(string registerId, Shape shape)
    {
        var envelopes = new JsonArray([.. shape.Recipients.Select(r => (JsonNode)new JsonObject { ["recipient"] = r, ["n"] = Guid.NewGuid().ToString("N") })]);
        return RegisterFlows.Build(registerId, shape.Sender, new JsonObject { ["envelopes"] = envelopes }, tx =>
        {
            var metadata = new JsonObject();
            foreach (var (name, value) in new[] { ("type", shape.Type), ("blueprintId", shape.BlueprintId), ("instanceId", shape.InstanceId) })
            {
                if (value is not null)
                {
                    metadata[name] = value;
                }
            }

            if (metadata.Count > 0)
            {
                tx["metadata"] = metadata;
            }
        }).Json;
    }

    /// <summary>
    /// Leaves the register as the version before the indexes left it: no index keys, no type counts, no index state in
    /// its head (its transactions, chain and dockets untouched).
    /// </summary>
    public async Task ForgetIndexesAsync(IConnectionMultiplexer redis)
    {
        var db = redis.GetDatabase();
        foreach (var server in redis.GetServers().Where(s => !s.IsReplica))
        {
            await foreach (var key in server.KeysAsync(pattern: $"reg:{{{id}}}:by-*"))
            {
                await db.KeyDeleteAsync(key);
            }
        }

        await db.KeyDeleteAsync(RegisterKeys.Types(id));
        await db.HashDeleteAsync(RegisterKeys.Head(id), ["indexedFrom", "backfilled", "indexEntries"]);
    }
}
