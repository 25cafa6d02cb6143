using System.Net;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts;
using Sorcha.Contracts.Registers;
using Sorcha.Contracts.Transactions;
using Sorcha.Cryptography;
using Sorcha.Ledger.Dockets;

namespace Sorcha.Testing.Registers;

/// <summary>A client's signing identity: a key pair and the address derived from it.</summary>
public sealed record Signer(SignatureAlgorithm Algorithm, KeyPair Keys, string Address)
{
    public static Signer New(SignatureAlgorithm algorithm = SignatureAlgorithm.ED25519)
    {
        var keys = Signatures.Generate(algorithm);
        return new Signer(algorithm, keys, Addresses.FromPublicKey(algorithm, keys.PublicKey));
    }
}

/// <summary>A transaction as a client builds it: the JSON it sends and the txId it computed itself.</summary>
public sealed record SignedTransaction(string Json, string TxId)
{
    public JsonObject Node => JsonNode.Parse(Json)!.AsObject();
}

/// <summary>What a client does against the Register and Transaction services' routes, built from the contract alone (api.md).</summary>
public static class RegisterFlows
{
    /// <summary>
    /// Builds and signs a transaction the way api.md says: txId = SHA-256(JCS(transaction without signature)), the
    /// signature over the 32 raw txId bytes. <paramref name="afterSigning"/> edits the signed object (to tamper).
    /// </summary>
    public static SignedTransaction Build(string registerId, Signer signer, JsonNode? payload = null,
        Action<JsonObject>? beforeSigning = null, Action<JsonObject>? afterSigning = null)
    {
        var tx = new JsonObject
        {
            ["registerId"] = registerId,
            ["sender"] = signer.Address,
            ["algorithm"] = signer.Algorithm.ToString(),
            ["publicKey"] = Convert.ToBase64String(signer.Keys.PublicKey),
            ["payload"] = payload ?? new JsonObject { ["n"] = Guid.NewGuid().ToString("N") },
            ["timestamp"] = DateTime.UtcNow.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", System.Globalization.CultureInfo.InvariantCulture),
        };
        beforeSigning?.Invoke(tx);
        var txId = SHA256.HashData(Jcs.Canonicalize(tx));
        tx["signature"] = Convert.ToBase64String(Signatures.Sign(signer.Algorithm, signer.Keys.PrivateKey, txId));
        afterSigning?.Invoke(tx);
        return new SignedTransaction(tx.ToJsonString(), Convert.ToHexStringLower(txId));
    }

    public static StringContent Body(string json) => new(json, Encoding.UTF8, "application/json");

    public static StringContent BatchBody(IEnumerable<SignedTransaction> transactions) =>
        Body("{\"transactions\":[" + string.Join(',', transactions.Select(t => t.Json)) + "]}");

    /// <summary>Creates a register and returns it as the client reads it.</summary>
    public static Task<RegisterDto> RegisterAsync(HttpClient client, string name = "register test") =>
        Json.PostAsync<RegisterDto>(client, "/api/registers", new { name }, HttpStatusCode.Created);


    public static Task<RegisterDto> GetRegisterAsync(HttpClient client, string id) => Json.GetAsync<RegisterDto>(client, $"/api/registers/{id}");

    public static async Task<long> HeightAsync(HttpClient client, string id) => (await GetRegisterAsync(client, id)).Height;

    /// <summary>POSTs the transaction's own JSON (as the client built it) and asserts the status.</summary>
    public static async Task<CommittedTransactionDocument> SubmitAsync(HttpClient client, SignedTransaction tx, HttpStatusCode expected)
    {
        using var response = await client.PostAsync("/api/transactions", Body(tx.Json));
        var text = await response.Content.ReadAsStringAsync();
        Assert.True(expected == response.StatusCode, $"expected {(int)expected}, got {(int)response.StatusCode}: {text}");
        return Json.Parse<CommittedTransactionDocument>(text);
    }

    /// <summary>Every docket of a register, page by page.</summary>
    public static async Task<List<Docket>> DocketsAsync(HttpClient client, string id)
    {
        var dockets = new List<Docket>();
        for (var page = 1; ; page++)
        {
            var items = (await Json.GetAsync<Paged<Docket>>(client, $"/api/registers/{id}/dockets?page={page}&pageSize=100")).Items;
            dockets.AddRange(items);
            if (items.Count < 100)
            {
                return dockets;
            }
        }
    }

    /// <summary>
    /// How long a test waits for sealing by default. Dockets seal at 100 transactions or once the first is 1 s old, on
    /// a 100 ms tick that a busy machine delays: this bounds a sealer that is stuck, it is not a latency target.
    /// </summary>
    public static readonly TimeSpan SealingPatience = TimeSpan.FromSeconds(20);

    /// <summary>Waits until every committed transaction of the register is in a sealed docket; returns the dockets.</summary>
    public static async Task<List<Docket>> WaitUntilSealedAsync(HttpClient client, string id, long height, TimeSpan? timeout = null)
    {
        var deadline = DateTime.UtcNow + (timeout ?? SealingPatience);
        while (true)
        {
            var dockets = await DocketsAsync(client, id);
            if (height == 0 || dockets.Count > 0 && dockets[^1].LastSequence == height - 1 || DateTime.UtcNow > deadline)
            {
                return dockets;
            }

            await Task.Delay(100);
        }
    }

    /// <summary>Dockets are numbered 0.., cover consecutive ranges from sequence 0 without gap or overlap, ≤ 100 each.</summary>
    public static void AssertContiguous(IReadOnlyList<Docket> dockets, long height, string registerId)
    {
        long next = 0;
        for (var i = 0; i < dockets.Count; i++)
        {
            var d = dockets[i];
            Assert.Equal(registerId, d.RegisterId);
            Assert.Equal(i, d.Number);
            Assert.Equal(next, d.FirstSequence);
            var last = d.LastSequence;
            Assert.InRange(last - next + 1, 1, 100);
            next = last + 1;
        }

        Assert.Equal(height, next);
    }

    /// <summary>
    /// RFC 9162 §2.1.3.2 inclusion verification, written here from the RFC rather than shared with the server:
    /// leaf = SHA-256(0x00 || txId), node = SHA-256(0x01 || left || right).
    /// </summary>
    public static bool VerifyInclusion(byte[] txId, long leafIndex, long treeSize, IReadOnlyList<byte[]> auditPath, byte[] root)
    {
        if (leafIndex >= treeSize)
        {
            return false;
        }

        long fn = leafIndex, sn = treeSize - 1;
        var r = SHA256.HashData([0x00, .. txId]);
        foreach (var p in auditPath)
        {
            if (sn == 0)
            {
                return false;
            }

            if ((fn & 1) == 1 || fn == sn)
            {
                r = SHA256.HashData([0x01, .. p, .. r]);
                if ((fn & 1) == 0)
                {
                    while ((fn & 1) == 0 && fn != 0)
                    {
                        fn >>= 1;
                        sn >>= 1;
                    }
                }
            }
            else
            {
                r = SHA256.HashData([0x01, .. r, .. p]);
            }

            fn >>= 1;
            sn >>= 1;
        }

        return sn == 0 && r.AsSpan().SequenceEqual(root);
    }
}
