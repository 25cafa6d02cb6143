using System.Security.Cryptography;
using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Tombstones;
using Sorcha.Verify;

namespace Sorcha.Ledger.Tests;

/// <summary>
/// <c>sorcha-verify tombstone</c>: a deleted register's tombstone against the docket and consistency proof a verifier
/// kept before the delete. Two dockets of a register, its tombstone at the second; then the ways it must fail.
/// </summary>
public sealed class TombstoneCommandTests : IDisposable
{
    private const string RegisterId = "0123456789abcdef0123456789abcdef";
    private readonly string _directory = Directory.CreateTempSubdirectory("sorcha-tombstone-").FullName;
    private readonly KeyPair _key = Signatures.Generate(SignatureAlgorithm.ED25519);

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    private (Docket Kept, ConsistencyProof Proof, Tombstone Tombstone) Register()
    {
        var txIds = Enumerable.Range(0, 5).Select(_ => RandomNumberGenerator.GetBytes(32)).ToList();
        var tree = new MerkleFrontier();
        var at = DateTimeOffset.Parse("2026-12-01T10:00:00Z", System.Globalization.CultureInfo.InvariantCulture);
        var first = DocketSealer.Seal(RegisterId, 0, 0, txIds[..2], DocketHasher.GenesisPreviousHash, at, _key.PrivateKey, tree);
        var final = DocketSealer.Seal(RegisterId, 1, 2, txIds[2..], first.DocketHash, at.AddSeconds(1), _key.PrivateKey, tree);
        var tombstone = TombstoneSigner.Sign(RegisterId, _key.PublicKey, final, at.AddMinutes(5), "owner", _key.PrivateKey);
        return (first, ConsistencyProofs.Build(first, final, txIds), tombstone);
    }

    private async Task<(int Code, string Output)> RunAsync(Docket kept, ConsistencyProof proof, object tombstone)
    {
        string Write(string name, string json)
        {
            var path = Path.Combine(_directory, name);
            File.WriteAllText(path, json);
            return path;
        }

        var args = new[]
        {
            Write("tombstone.json", tombstone is Tombstone t ? JsonSerializer.Serialize(t, LedgerJsonContext.Default.Tombstone) : (string)tombstone),
            "--trusted-docket", Write("docket.json", JsonSerializer.Serialize(kept, LedgerJsonContext.Default.Docket)),
            "--consistency", Write("proof.json", JsonSerializer.Serialize(proof, LedgerJsonContext.Default.ConsistencyProof)),
        };
        var (output, errors) = (new StringWriter(), new StringWriter());
        var code = await TombstoneCommand.RunAsync(args, output, errors);
        return (code, output + errors.ToString());
    }

    [Fact]
    public async Task A_tombstone_at_the_end_of_the_kept_proof_is_valid_alone_or_inside_the_410()
    {
        var (kept, proof, tombstone) = Register();
        Assert.Equal(0, (await RunAsync(kept, proof, tombstone)).Code);
        var problem = $$"""{"status":410,"title":"Register deleted","tombstone":{{JsonSerializer.Serialize(tombstone, LedgerJsonContext.Default.Tombstone)}}}""";
        var (code, output) = await RunAsync(kept, proof, problem);
        Assert.Equal(0, code);
        Assert.StartsWith("VALID", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_tombstone_that_was_changed_ends_elsewhere_or_is_signed_by_another_key_is_invalid()
    {
        var (kept, proof, tombstone) = Register();
        var other = Signatures.Generate(SignatureAlgorithm.ED25519);
        var foreign = TombstoneSigner.Sign(RegisterId, other.PublicKey, proof.To, DateTimeOffset.UtcNow, "owner", other.PrivateKey);
        var shorter = TombstoneSigner.Sign(RegisterId, _key.PublicKey, proof.From, DateTimeOffset.UtcNow, "owner", _key.PrivateKey);
        foreach (var (bad, expected) in new[]
        {
            (tombstone with { DeletedBy = "someone else" }, "tombstoneHash"), (foreign, "under the tombstone's key"),
            (shorter, "not at the tombstone's final docket"),
        })
        {
            var (code, output) = await RunAsync(kept, proof, bad);
            Assert.Equal(1, code);
            Assert.Contains(expected, output, StringComparison.Ordinal);
        }

        var (usage, _) = await RunAsync(kept, proof, "not json");
        Assert.Equal(2, usage);
    }
}
