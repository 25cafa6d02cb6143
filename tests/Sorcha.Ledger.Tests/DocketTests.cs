using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Tests.TestData;

namespace Sorcha.Ledger.Tests;

public class DocketTests
{
    private static readonly DateTimeOffset SealedAt = new DateTimeOffset(2025, 3, 1, 12, 0, 1, TimeSpan.Zero).AddTicks(1_234_567);

    private static List<byte[]> TxIds(int count, int salt = 0) =>
        [.. Enumerable.Range(0, count).Select(i => SHA256.HashData(BitConverter.GetBytes(i + salt * 100_000)))];

    /// <summary>A register tree over <paramref name="size"/> earlier txIds: what the sealer is given before a docket at that sequence.</summary>
    private static MerkleFrontier TreeOf(int size)
    {
        var tree = new MerkleFrontier();
        tree.AppendAll(TxIds(size, salt: 9));
        return tree;
    }

    [Fact]
    public void Docket_hash_is_sha256_of_the_hand_built_canonical_header()
    {
        var root = new string('a', 64);
        var canonical = "{\"firstSequence\":100,\"lastSequence\":199,\"merkleRoot\":\"" + root + "\",\"number\":1," +
            "\"previousDocketHash\":\"" + new string('0', 64) + "\",\"registerId\":\"r\\u0001é\",\"sealedAt\":\"2025-03-01T12:00:01.123Z\"}";

        var hash = DocketHasher.Hash("r\u0001é", 1, 100, 199, root, DocketHasher.GenesisPreviousHash, "2025-03-01T12:00:01.123Z");

        Assert.Equal(SHA256.HashData(Encoding.UTF8.GetBytes(canonical)), hash);
    }

    [Fact]
    public void Seal_builds_a_signed_docket_over_the_merkle_root()
    {
        var txIds = TxIds(100);
        var key = TestKeys.Register;

        var docket = DocketSealer.Seal("reg", 0, 0, txIds, DocketHasher.GenesisPreviousHash, SealedAt, key.PrivateKey, new MerkleFrontier());

        Assert.Equal(("reg", 0L, 0L, 99L), (docket.RegisterId, docket.Number, docket.FirstSequence, docket.LastSequence));
        Assert.Equal("2025-03-01T12:00:01.123Z", docket.SealedAt);
        Assert.Equal(Convert.ToHexStringLower(Merkle.Root(txIds)), docket.MerkleRoot);
        Assert.Equal(Convert.ToHexStringLower(DocketHasher.Hash(docket)), docket.DocketHash);
        Assert.True(Signatures.Verify(SignatureAlgorithm.ED25519, key.PublicKey, Convert.FromHexString(docket.DocketHash), Convert.FromBase64String(docket.Signature)));
        Assert.Null(DocketChecks.CheckSealed(docket, key.PublicKey));
        Assert.Null(DocketChecks.CheckMerkleRoot(docket, txIds));
    }

    [Fact]
    public void Checks_catch_each_kind_of_tampering()
    {
        var key = TestKeys.Register;
        var txIds = TxIds(10);
        var docket = DocketSealer.Seal("reg", 3, 300, txIds, new string('e', 64), SealedAt, key.PrivateKey, TreeOf(300));

        Assert.Contains("docketHash", DocketChecks.CheckSealed(docket with { SealedAt = "2025-03-01T12:00:01.124Z" }, key.PublicKey), StringComparison.Ordinal);
        Assert.Contains("signature", DocketChecks.CheckSealed(docket, TestKeys.For(SignatureAlgorithm.ED25519, 1).PublicKey), StringComparison.Ordinal);
        Assert.Contains("merkleRoot", DocketChecks.CheckMerkleRoot(docket, TxIds(10, salt: 1)), StringComparison.Ordinal);
        Assert.NotNull(DocketChecks.CheckMerkleRoot(docket, TxIds(9)));
        Assert.Null(DocketChecks.CheckSealed(docket with { Signature = "garbage" }, default));
    }

    [Fact]
    public void Docket_json_is_exactly_the_contract_shape()
    {
        var docket = DocketSealer.Seal("reg", 0, 0, TxIds(3), DocketHasher.GenesisPreviousHash, SealedAt, TestKeys.Register.PrivateKey, new MerkleFrontier());
        // An old register's docket, sealed before register trees: the same members but the tree's two, read back alike.
        var legacy = LegacyDockets.Seal("reg", 0, 0, TxIds(3), DocketHasher.GenesisPreviousHash, SealedAt, TestKeys.Register.PrivateKey);
        string[] members = ["registerId", "number", "firstSequence", "lastSequence", "merkleRoot", "previousDocketHash", "sealedAt", "docketHash", "signature"];

        foreach (var (sealedDocket, expected) in new[] { (docket, members.Concat(["treeSize", "treeRoot"])), (legacy, members) })
        {
            var json = JsonSerializer.Serialize(sealedDocket, LedgerJsonContext.Default.Docket);
            using var document = JsonDocument.Parse(json);

            Assert.Equal(expected, document.RootElement.EnumerateObject().Select(p => p.Name));
            Assert.Equal(sealedDocket, JsonSerializer.Deserialize(json, LedgerJsonContext.Default.Docket));
            Assert.Throws<JsonException>(() => JsonSerializer.Deserialize(json.Replace("\"merkleRoot\"", "\"root\"", StringComparison.Ordinal), LedgerJsonContext.Default.Docket));
        }
    }

    [Fact]
    public void Inclusion_proofs_verify_for_every_leaf_of_dockets_of_1_to_100()
    {
        for (var size = 1; size <= 100; size++)
        {
            var txIds = TxIds(size, salt: size);
            var docket = DocketSealer.Seal("reg", 5, 1000, txIds, new string('f', 64), SealedAt, TestKeys.Register.PrivateKey, TreeOf(1000));
            for (var leaf = 0; leaf < size; leaf++)
            {
                var proof = InclusionProofs.Build(docket, txIds, 1000 + leaf);

                Assert.Equal(leaf, proof.LeafIndex);
                Assert.Equal(Convert.ToHexStringLower(txIds[leaf]), proof.TxId);
                Assert.True(InclusionProofs.Verify(proof), $"size {size} leaf {leaf}");
                Assert.True(Merkle.VerifyInclusion(
                    txIds[leaf], leaf, size, [.. proof.AuditPath.Select(Convert.FromHexString)], Convert.FromHexString(docket.MerkleRoot)));
                if (size > 1)
                {
                    Assert.False(InclusionProofs.Verify(proof with { TxId = Convert.ToHexStringLower(txIds[(leaf + 1) % size]) }));
                }
            }
        }
    }

    [Fact]
    public void Inclusion_proof_rejects_a_sequence_outside_the_docket()
    {
        var txIds = TxIds(4);
        var docket = DocketSealer.Seal("reg", 1, 10, txIds, new string('f', 64), SealedAt, TestKeys.Register.PrivateKey, TreeOf(10));

        Assert.Throws<ArgumentOutOfRangeException>(() => InclusionProofs.Build(docket, txIds, 14));
        Assert.Throws<ArgumentOutOfRangeException>(() => InclusionProofs.Build(docket, txIds, 9));
    }
}
