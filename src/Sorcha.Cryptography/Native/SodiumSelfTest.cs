namespace Sorcha.Cryptography;

/// <summary>
/// Known answers a libsodium must give before Sorcha uses it: RFC 8032 and RFC 7748 vectors, and the Ed25519 cases
/// where implementations disagree (see <see cref="Ed25519Rules"/>), each expected verdict being the managed one.
/// The edge vectors were made with an independent affine-coordinate implementation (the tests rebuild them).
/// </summary>
internal static class SodiumSelfTest
{
    public static (string Name, string PublicKey, string Message, string Signature, bool Valid)[] Ed25519Vectors { get; } =
    [
        ("RFC 8032 test 1", "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b", true),
        ("S + L", "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901554c8c7872aa064e049dbb3013fbf29380d25bf5f0595bbe24655141438e7a101b", false),
        // R = identity, S = k·a: the bare equation holds; small-order R must still be rejected.
        ("small-order R", "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "736f7263686120736d616c6c2d6f726465722052",
            "0100000000000000000000000000000000000000000000000000000000000000abc3e6c502b035891eafb32c55fa9504411bd873bffd20b48fc161764dbe4c0d", false),
        // A = (test 1's key) + (a point of order 8), message chosen so that k ≡ 0 (mod 8): valid cofactorless.
        ("mixed-order key", "3b5b475c4b82dd1572799fc546f4c6c03e478c6654aa4c7f945b347ea32af60d", "736f72636861206d697865642d6f72646572206b6579203233",
            "771c6462934035f99893af3fdc293c23b9dabf5fce840a1f5f290e549b952d0c37ecf60e2d1c7f64d020798041e508c9f9c414dd46ea1d4f866fc7ffd8e0b600", true),
        // Same key, k ≢ 0 (mod 8): holds only in the cofactored equation, which is not ours.
        ("cofactored only", "3b5b475c4b82dd1572799fc546f4c6c03e478c6654aa4c7f945b347ea32af60d", "736f7263686120636f666163746f726564206f6e6c792030",
            "fd242eebdb0a2c96dabae4d50c45a11321b436e757de5319bce082b5818cadebed4c4c70d85a9698bf4250b1de355b1f7b5213df879ca28f3a0e2d8c93f72807", false),
        ("identity key", "0100000000000000000000000000000000000000000000000000000000000000", "00",
            "01000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000", false),
    ];

    /// <summary>Null when every answer matches, else the first case that did not.</summary>
    public static string? Run()
    {
        var seed = Hashes.FromHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
        Span<byte> publicKey = stackalloc byte[32];
        Span<byte> signature = stackalloc byte[64];
        SodiumEd25519.PublicKeyFromSeed(seed, publicKey);
        SodiumEd25519.Sign(seed, publicKey, [], signature);
        if (Hashes.ToHex(signature) != Ed25519Vectors[0].Signature || Hashes.ToHex(publicKey) != Ed25519Vectors[0].PublicKey)
        {
            return "RFC 8032 test 1 signature";
        }

        foreach (var (name, key, message, sig, valid) in Ed25519Vectors)
        {
            if (SodiumEd25519.VerifyWithLibraryRulesOnly(Hashes.FromHex(key), Hashes.FromHex(message), Hashes.FromHex(sig)) != valid)
            {
                return name;
            }
        }

        Span<byte> shared = stackalloc byte[32];
        var ok = SodiumX25519.TrySharedSecret(
            Hashes.FromHex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"),
            Hashes.FromHex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c"), shared);
        if (!ok || Hashes.ToHex(shared) != "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")
        {
            return "RFC 7748 X25519 vector";
        }

        return SodiumX25519.TrySharedSecret(seed, new byte[32], shared) ? "X25519 with u = 0 did not fail" : null;
    }
}
