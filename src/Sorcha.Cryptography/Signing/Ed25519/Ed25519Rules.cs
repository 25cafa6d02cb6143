namespace Sorcha.Cryptography;

/// <summary>
/// What a valid Ed25519 signature is, for every node and both backends: exactly the rules of libsodium 1.0.18's
/// <c>crypto_sign_ed25519_verify_detached</c> (built without ED25519_COMPAT). A ledger where one node accepts a
/// signature that another rejects is broken, so the managed verifier applies these same rules, the libsodium path
/// checks the encoding rules again before calling into the library, and the library must pass a self-test on the
/// vectors where implementations disagree before it is used at all.
/// <list type="number">
/// <item>The public key is 32 bytes and the signature 64 (R = first 32, S = last 32).</item>
/// <item>S &lt; L, the group order (no malleable S + L).</item>
/// <item>R is not one of the seven small-order encodings in <see cref="HasSmallOrder"/> (sign bit ignored).</item>
/// <item>The public key A encodes y &lt; p (sign bit ignored), is not a small-order encoding, and y is on the curve.</item>
/// <item>Cofactorless equation: the encoding of [S]B − [k]A must equal R byte for byte, k = SHA-512(R ‖ A ‖ M) mod L.
/// So a non-canonical R never verifies, and keys or R with a small-order component (mixed order) verify only when
/// this exact equation holds (the "cofactored" variant [8][S]B = [8]R + [8][k]A is not used).</item>
/// </list>
/// All inputs here are public; the checks need not be constant time.
/// </summary>
internal static class Ed25519Rules
{
    public const int PublicKeySize = 32;
    public const int SignatureSize = 64;

    // libsodium's ge25519_has_small_order list: y-coordinates of the points of order 1, 2, 4 and 8, plus the
    // non-canonical p and p + 1 (y = 0 and 1 again). Compared on the low 255 bits, so either sign bit matches.
    private static readonly byte[][] _smallOrder =
    [
        Hashes.FromHex("0000000000000000000000000000000000000000000000000000000000000000"),
        Hashes.FromHex("0100000000000000000000000000000000000000000000000000000000000000"),
        Hashes.FromHex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"),
        Hashes.FromHex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"),
        Hashes.FromHex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        Hashes.FromHex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
        Hashes.FromHex("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
    ];

    /// <summary>Rules 1–4 except "y is on the curve", which needs the point decoded.</summary>
    public static bool PassesEncodingChecks(ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> signature) =>
        publicKey.Length == PublicKeySize
        && signature.Length == SignatureSize
        && Scalar25519.IsCanonical(signature[32..])
        && !HasSmallOrder(signature[..32])
        && IsCanonicalY(publicKey)
        && !HasSmallOrder(publicKey);

    public static bool HasSmallOrder(ReadOnlySpan<byte> encoded)
    {
        foreach (var candidate in _smallOrder)
        {
            if (encoded[..31].SequenceEqual(candidate.AsSpan(0, 31)) && (encoded[31] & 0x7F) == candidate[31])
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>y &lt; p = 2^255 − 19 on the low 255 bits.</summary>
    public static bool IsCanonicalY(ReadOnlySpan<byte> encoded) =>
        (encoded[31] & 0x7F) != 0x7F || encoded[1..31].ContainsAnyExcept((byte)0xFF) || encoded[0] < 0xED;
}
