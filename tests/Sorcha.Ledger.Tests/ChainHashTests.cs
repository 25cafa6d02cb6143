using System.Security.Cryptography;
using Sorcha.Ledger.Chain;

namespace Sorcha.Ledger.Tests;

public class ChainHashTests
{
    [Fact]
    public void Genesis_is_32_zero_bytes()
    {
        Assert.Equal(new byte[32], ChainHash.Genesis.ToArray());
        Assert.Equal(new string('0', 64), ChainHash.GenesisHex);
    }

    [Fact]
    public void Next_is_sha256_of_previous_then_txId()
    {
        var txIds = Enumerable.Range(1, 3).Select(i => SHA256.HashData(new[] { (byte)i })).ToArray();

        // By hand: h0 = SHA-256(0^32 || t0), h1 = SHA-256(h0 || t1), h2 = SHA-256(h1 || t2).
        var h0 = SHA256.HashData(new byte[32].Concat(txIds[0]).ToArray());
        var h1 = SHA256.HashData(h0.Concat(txIds[1]).ToArray());
        var h2 = SHA256.HashData(h1.Concat(txIds[2]).ToArray());

        var chain = ChainHash.Next(ChainHash.Genesis, txIds[0]);
        Assert.Equal(h0, chain);
        chain = ChainHash.Next(chain, txIds[1]);
        Assert.Equal(h1, chain);
        ChainHash.Next(chain, txIds[2], chain); // in place
        Assert.Equal(h2, chain);
    }

    [Fact]
    public void Next_rejects_wrong_sizes() =>
        Assert.Throws<ArgumentException>(() => ChainHash.Next(new byte[31], new byte[32]));
}
