using System.Net;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Sorcha.ApiPlatform.Auth;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.IntegrationTests.Registers;
using Sorcha.IntegrationTests.Wallets;
using StackExchange.Redis;
using Xunit.Abstractions;

namespace Sorcha.IntegrationTests.Reliability;

/// <summary>
/// After wallets of every algorithm (generated and recovered), registers, signing, encryption and decryption, no secret
/// may be anywhere it could leak from: not in any Redis value (every key, every type), not in the Redis files on disk
/// (the AOF keeps values that were since overwritten), not in any process's output. Secrets: every wallet's private
/// keys (opened here with the KEK, so RSA keys are covered too), every register's docket-signing key, the mnemonics,
/// both KEKs, the dev client secret and the token-signing key derived from it, and the bearer tokens.
/// Runs on the shared platform, so the logs also hold everything the other tests did.
/// </summary>
[Collection(PlatformScope.Name)]
public sealed class SecretsAuditTests(PlatformFixture platform, ITestOutputHelper output)
{
    [Fact]
    public async Task No_key_mnemonic_secret_or_token_is_in_redis_on_disk_or_in_any_log()
    {
        var secrets = new SecretPatterns();
        var tokens = new[] { await platform.TokenAsync("audit-alice"), await platform.TokenAsync("audit-bob") };
        using var alice = Client(tokens[0]);
        using var bob = Client(tokens[1]);

        var wallets = new List<(HttpClient Owner, CreatedWalletDto Wallet, string? Mnemonic)>();
        foreach (var algorithm in new[] { SignatureAlgorithm.ED25519, SignatureAlgorithm.NISTP256, SignatureAlgorithm.RSA4096 })
        {
            var generated = await WalletFlows.CreateAsync(alice, algorithm);
            wallets.Add((alice, generated, generated.Mnemonic));
        }

        foreach (var algorithm in new[] { SignatureAlgorithm.ED25519, SignatureAlgorithm.NISTP256 })
        {
            var mnemonic = Mnemonics.Generate();
            wallets.Add((bob, await WalletFlows.CreateAsync(bob, algorithm, mnemonic), mnemonic));
        }

        var plaintext = RandomNumberGenerator.GetBytes(48);
        for (var i = 0; i < wallets.Count; i++)
        {
            var (owner, wallet, _) = wallets[i];
            var (recipientOwner, recipient, _) = wallets[(i + 1) % wallets.Count];
            await WalletFlows.SignAsync(owner, wallet.Address, plaintext);
            // The envelope goes back to decrypt as the service wrote it.
            var envelope = await Json.PostAsync(owner, $"/api/wallets/{wallet.Address}/encrypt",
                new { recipient = recipient.Address, data = Convert.ToBase64String(plaintext) }, HttpStatusCode.OK);
            var opened = await Json.PostAsync<DecryptResponse>(recipientOwner, $"/api/wallets/{recipient.Address}/decrypt", envelope, HttpStatusCode.OK);
            Assert.Equal(plaintext, opened.Data);
        }

        var registers = new[] { await RegisterFlows.RegisterAsync(alice, "audit"), await RegisterFlows.RegisterAsync(bob, "audit") };
        await RegisterFlows.SubmitAsync(alice, RegisterFlows.Build(registers[0].Id, Signer.New()), HttpStatusCode.Created);

        using var redis = await ConnectionMultiplexer.ConnectAsync(platform.Redis.ConnectionString);
        var db = redis.GetDatabase();
        var walletKek = Convert.FromBase64String(platform.Options.WalletKeyEncryptionKey);
        foreach (var (_, wallet, mnemonic) in wallets)
        {
            var address = wallet.Address;
            var (signing, encryption) = await OpenWalletKeysAsync(db, walletKek, address);
            if (mnemonic is not null)
            {
                // The keys opened here are the ones the mnemonic derives: the audit looks for the real thing.
                var derived = WalletKeyDerivation.FromMnemonic(wallet.Algorithm, mnemonic);
                Assert.Equal(derived.Signing.PrivateKey, signing);
                secrets.AddMnemonic("mnemonic of " + address, mnemonic);
            }

            secrets.AddKey($"{wallet.Algorithm} signing key of {address}", signing);
            secrets.AddKey($"{wallet.Algorithm} encryption key of {address}", encryption);
        }

        var registerKek = Convert.FromBase64String(platform.Options.RegisterKeyEncryptionKey);
        foreach (var register in registers)
        {
            var id = register.Id;
            byte[] sealedKey = (await db.HashGetAsync($"reg:{{{id}}}:meta", "sealedKey"))!;
            var docketKey = KeyProtection.Open(registerKek, sealedKey, Encoding.UTF8.GetBytes("sorcha/v1/register-key/" + id));
            secrets.AddKey("docket key of register " + id, docketKey);
        }

        secrets.AddText("wallet KEK", platform.Options.WalletKeyEncryptionKey);
        secrets.AddKey("wallet KEK", walletKek);
        secrets.AddText("register KEK", platform.Options.RegisterKeyEncryptionKey);
        secrets.AddKey("register KEK", registerKek);
        secrets.AddText("dev client secret", platform.Options.DevClientSecret);
        secrets.AddKey("token signing key", DevelopmentTokens.DeriveSigningKey(platform.Options.DevClientSecret));
        secrets.AddText("service token secret", platform.Options.ServiceTokenSecret);
        secrets.AddKey("service token signing key", ServiceTokens.DeriveSigningKey(platform.Options.ServiceTokenSecret));
        foreach (var token in tokens)
        {
            secrets.AddText("bearer token", token);
            secrets.AddText("bearer token signature", token.Split('.')[^1]);
        }

        secrets.AddKey("encrypted plaintext", plaintext);

        var findings = new List<string>();
        var scanned = new Dictionary<string, long>();
        void Scan(string where, string kind, ReadOnlySpan<byte> bytes)
        {
            scanned[kind] = scanned.GetValueOrDefault(kind) + bytes.Length;
            findings.AddRange(secrets.FoundIn(bytes).Select(name => $"{name} in {where}"));
        }

        var values = await RedisValuesAsync(redis);
        values.ForEach(v => Scan("Redis " + v.Key, "Redis values", v.Value));
        // nodes.conf (a cluster node's peer list: ids, ports, slots) is locked by its node, and holds no user data.
        foreach (var file in Directory.EnumerateFiles(platform.Options.DataDirectory, "*", SearchOption.AllDirectories)
                     .Where(f => Path.GetFileName(f) != "nodes.conf"))
        {
            Scan(file, "Redis files on disk", File.ReadAllBytes(file));
        }

        // The scan reaches what it must: the wallet service's output about every wallet (its address is logged), which
        // comes through DCP's log stream moments after it was written.
        foreach (var address in wallets.Select(w => w.Wallet.Address))
        {
            Assert.True(await platform.App.OutputContainsAsync(platform.ReplicasOf("wallet"), l => l.Contains(address, StringComparison.Ordinal)),
                $"wallet {address} is in no wallet replica's output");
        }

        foreach (var resource in platform.App.Resources)
        {
            Scan($"{resource.Name}'s output", "process output", Encoding.UTF8.GetBytes(string.Join('\n', resource.Logs())));
        }

        output.WriteLine($"{secrets.All.Count} patterns over {values.Count} Redis values; bytes scanned: " +
            string.Join(", ", scanned.Select(s => $"{s.Key} {s.Value:N0}")));

        // And every wallet record (its public key is there in base64).
        foreach (var (_, wallet, _) in wallets)
        {
            var publicKey = Encoding.UTF8.GetBytes(Convert.ToBase64String(wallet.PublicKey));
            Assert.Contains(values, v => v.Value.AsSpan().IndexOf(publicKey) >= 0);
        }

        Assert.True(findings.Count == 0, "secrets found:\n" + string.Join('\n', findings.Distinct().Take(50)));
    }

    private HttpClient Client(string token)
    {
        var client = new HttpClient { BaseAddress = platform.Gateway.BaseAddress };
        client.DefaultRequestHeaders.Authorization = new("Bearer", token);
        return client;
    }

    private static async Task<(byte[] Signing, byte[] Encryption)> OpenWalletKeysAsync(IDatabase db, byte[] kek, string address)
    {
        // Raw: the wallet's record as the Wallet service stores it in Redis, which no contract record describes.
        byte[] record = (await db.StringGetAsync("wallet:{" + address + "}"))!;
        var sealedKeys = Convert.FromBase64String(JsonDocument.Parse(record).RootElement.GetProperty("sealedPrivateKeys").GetString()!);
        var plain = KeyProtection.Open(kek, sealedKeys, Encoding.UTF8.GetBytes("sorcha/v1/wallet-keys/" + address));
        var length = System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(plain);
        return (plain[4..(4 + length)], plain[(4 + length)..]);
    }

    /// <summary>Every key name and every value of every key, whatever its type; a type the audit cannot read fails it.</summary>
    private static async Task<List<(string Key, byte[] Value)>> RedisValuesAsync(ConnectionMultiplexer redis)
    {
        var db = redis.GetDatabase();
        var values = new List<(string, byte[])>();
        // Every master's keys (one server unless Redis is a cluster).
        foreach (var key in redis.GetServers().Where(s => !s.IsReplica).SelectMany(s => s.Keys(pattern: "*", pageSize: 1000)))
        {
            var name = (string)key!;
            values.Add((name, Encoding.UTF8.GetBytes(name)));
            var type = await db.KeyTypeAsync(key);
            IEnumerable<RedisValue> parts = type switch
            {
                RedisType.String => [await db.StringGetAsync(key)],
                RedisType.Hash => (await db.HashGetAllAsync(key)).SelectMany(e => new[] { e.Name, e.Value }),
                RedisType.List => await db.ListRangeAsync(key),
                RedisType.Set => await db.SetMembersAsync(key),
                RedisType.SortedSet => await db.SortedSetRangeByRankAsync(key),
                RedisType.None => [], // expired or deleted since the scan listed it
                _ => throw new InvalidOperationException($"{name} has type {type}, which the audit does not read"),
            };
            values.AddRange(parts.Select(p => (name, (byte[])p!)));
        }

        return values;
    }
}
