using System.Text;
using Sorcha.Cryptography;
using Sorcha.IntegrationTests.Infrastructure;
using StackExchange.Redis;

namespace Sorcha.IntegrationTests.Wallets;

[Collection(PlatformScope.Name)]
public sealed class WalletSecretsAtRestTests(PlatformFixture platform)
{
    [Fact]
    public async Task Redis_holds_no_private_key_and_no_mnemonic_in_any_encoding()
    {
        using var alice = await platform.ClientAsync("at-rest-alice");
        var mnemonic = Mnemonics.Generate();
        await WalletFlows.CreateAsync(alice, "ED25519", mnemonic);
        var keys = WalletKeyDerivation.FromMnemonic(SignatureAlgorithm.ED25519, mnemonic);
        var secrets = new[] { keys.Signing.PrivateKey, keys.Encryption.PrivateKey }
            .SelectMany(k => new[] { k, Encoding.ASCII.GetBytes(Convert.ToBase64String(k)), Encoding.ASCII.GetBytes(Convert.ToHexString(k)),
                Encoding.ASCII.GetBytes(Convert.ToHexStringLower(k)) })
            .Append(Encoding.UTF8.GetBytes(string.Join(' ', mnemonic.Split(' ').Take(3))))
            .ToList();

        using var redis = await ConnectionMultiplexer.ConnectAsync(platform.Redis.ConnectionString + ",allowAdmin=true");
        var server = redis.GetServer(redis.GetEndPoints()[0]);
        var scanned = 0;
        foreach (var key in server.Keys(pattern: "*"))
        {
            if (await redis.GetDatabase().KeyTypeAsync(key) != RedisType.String)
            {
                continue;
            }

            byte[] value = (await redis.GetDatabase().StringGetAsync(key))!;
            scanned++;
            foreach (var secret in secrets)
            {
                Assert.True(value.AsSpan().IndexOf(secret) < 0, $"{key} holds secret material");
            }
        }

        Assert.True(scanned > 0);
    }
}
