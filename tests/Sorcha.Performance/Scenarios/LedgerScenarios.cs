using System.Globalization;
using System.Net;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Nodes;
using Sorcha.Cryptography;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>A register and a client-side Ed25519 key, made in InitAsync; transactions are signed on the client.</summary>
public abstract class LedgerScenario : Scenario
{
    private KeyPair _key = null!;
    private string _sender = "";
    private long _counter;

    protected AuthenticationHeaderValue Auth { get; private set; } = null!;
    protected string RegisterId { get; private set; } = "";

    public override async Task InitAsync(LoadContext context, CancellationToken ct)
    {
        Auth = await context.AuthAsync("load-" + Name, ct);
        _key = Signatures.Generate(SignatureAlgorithm.ED25519);
        _sender = Addresses.FromPublicKey(SignatureAlgorithm.ED25519, _key.PublicKey);
        using var response = await context.SendAsync(HttpMethod.Post, "/api/registers", new { name = Name }, Auth, ct);
        if (response.StatusCode != HttpStatusCode.Created)
        {
            throw new InvalidOperationException($"{Name}: creating a register failed with {(int)response.StatusCode}");
        }

        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync(ct));
        RegisterId = body.RootElement.GetProperty("id").GetString()!;
    }

    /// <summary>A signed transaction and the txId the client computed for it (hex SHA-256 of its JCS without signature).</summary>
    protected (JsonObject Transaction, string TxId) NewTransaction()
    {
        var n = Interlocked.Increment(ref _counter);
        var tx = new JsonObject
        {
            ["registerId"] = RegisterId,
            ["sender"] = _sender,
            ["algorithm"] = "ED25519",
            ["publicKey"] = Convert.ToBase64String(_key.PublicKey),
            ["payload"] = new JsonObject { ["scenario"] = Name, ["n"] = n },
            ["timestamp"] = DateTime.UtcNow.ToString("yyyy-MM-ddTHH:mm:ss.fffZ", CultureInfo.InvariantCulture),
        };
        var txId = Hashes.Sha256(Jcs.Canonicalize(tx));
        tx["signature"] = Convert.ToBase64String(Signatures.Sign(SignatureAlgorithm.ED25519, _key.PrivateKey, txId));
        return (tx, Hashes.ToHex(txId));
    }
}

/// <summary>POST a client-signed transaction; OK only for 201 carrying the txId the client computed.</summary>
public sealed class TransactionSubmission : LedgerScenario
{
    public override string Name => "transaction_submission";
    public override double DefaultRate => 25;

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var (tx, txId) = NewTransaction();
        using var response = await context.SendAsync(HttpMethod.Post, "/api/transactions", tx, Auth, ct);
        if (response.StatusCode != HttpStatusCode.Created)
        {
            return false;
        }

        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync(ct));
        return body.RootElement.GetProperty("txId").GetString() == txId;
    }
}

/// <summary>GET a page of a register seeded with 1,000 committed transactions; OK only for a full page in sequence order.</summary>
public sealed class RegisterRead : LedgerScenario
{
    private const int Seeded = 1_000;

    public override string Name => "register_read";
    public override double DefaultRate => 25;

    public override async Task InitAsync(LoadContext context, CancellationToken ct)
    {
        await base.InitAsync(context, ct);
        var batch = Enumerable.Range(0, Seeded).Select(_ => NewTransaction().Transaction).ToArray();
        using var response = await context.SendAsync(HttpMethod.Post, "/api/transactions/batch", new { transactions = batch }, Auth, ct);
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync(ct));
        var committed = body.RootElement.GetProperty("results").EnumerateArray().Count(r => r.GetProperty("status").GetInt32() == 201);
        if (committed != Seeded)
        {
            throw new InvalidOperationException($"{Name}: seeding committed {committed} of {Seeded} transactions");
        }
    }

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var page = Random.Shared.Next(1, Seeded / 20 + 1);
        using var response = await context.SendAsync(HttpMethod.Get, $"/api/registers/{RegisterId}/transactions?page={page}&pageSize=20",
            null, Auth, ct);
        if (response.StatusCode != HttpStatusCode.OK)
        {
            return false;
        }

        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync(ct));
        var sequences = body.RootElement.GetProperty("items").EnumerateArray().Select(t => t.GetProperty("sequence").GetInt64()).ToList();
        var first = (page - 1) * 20L;
        return sequences.Count == 20 && sequences.SequenceEqual(Enumerable.Range(0, 20).Select(i => first + i));
    }
}
