using Sorcha.Cryptography;
using Sorcha.Ledger.Dockets;
using Sorcha.Ledger.Formats;

namespace Sorcha.Ledger.Tests.TestData;

/// <summary>
/// A docket as registers sealed before register trees hold it: no treeSize/treeRoot, its docketHash over the other
/// seven fields. The shipped sealer no longer writes one; old registers still hold them, and reading and verifying
/// them must keep working. (Also compiled into Sorcha.IntegrationTests: a register as the previous version left it.)
/// </summary>
internal static class LegacyDockets
{
    public static Docket Seal(string registerId, long number, long firstSequence, IReadOnlyList<byte[]> txIds,
        string previousDocketHash, DateTimeOffset sealedAt, ReadOnlySpan<byte> signingKey)
    {
        var lastSequence = firstSequence + txIds.Count - 1;
        var merkleRoot = LowerHex.Encode(Merkle.Root(txIds));
        var sealedAtText = LedgerTime.Format(sealedAt);
        var docketHash = DocketHasher.Hash(registerId, number, firstSequence, lastSequence, merkleRoot, previousDocketHash, sealedAtText);
        var signature = Signatures.Sign(SignatureAlgorithm.ED25519, signingKey, docketHash);
        return new Docket(registerId, number, firstSequence, lastSequence, merkleRoot, previousDocketHash, sealedAtText,
            LowerHex.Encode(docketHash), Convert.ToBase64String(signature));
    }
}
