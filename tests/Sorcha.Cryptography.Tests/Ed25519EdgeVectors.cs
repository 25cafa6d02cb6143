using System.Numerics;
using static Sorcha.Cryptography.Tests.ReferenceEd25519;

namespace Sorcha.Cryptography.Tests;

/// <summary>
/// Signatures on which Ed25519 implementations are known to disagree ("Taming the many EdDSAs", Chalkias et al.
/// 2020, and libsodium's own tests), each with the verdict the contract's rules give it (docs/api.md, "Signatures"). Built at test time
/// by <see cref="ReferenceEd25519"/>; several are made to satisfy the bare cofactorless equation, so that only the
/// encoding rules reject them.
/// </summary>
internal static class Ed25519EdgeVectors
{
    public sealed record Vector(string Name, byte[] PublicKey, byte[] Message, byte[] Signature, bool Valid);

    private static readonly Lazy<IReadOnlyList<Vector>> _all = new(() => Build());

    public static IReadOnlyList<Vector> All => _all.Value;

    /// <summary>libsodium's small-order list, canonical encodings first, then y = p and y = p + 1.</summary>
    public static readonly string[] SmallOrderEncodings =
    [
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ];

    private static List<Vector> Build()
    {
        var vectors = new List<Vector>();
        var seed = Hashes.FromHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
        var (a, prefix) = Expand(seed);
        var key = Encode(Multiply(a, Base));
        var message = "sorcha edge vectors"u8.ToArray();
        var good = ReferenceEd25519.Sign(a, prefix, key, message);
        vectors.Add(new("valid signature", key, message, good, true));

        AddSmallOrder(vectors, a, key);
        AddNonCanonicalS(vectors, key, message, good);
        AddNonCanonicalEncodings(vectors, key, message, good);
        AddMixedOrder(vectors, a, prefix, key);
        return vectors;
    }

    private static IEnumerable<(string Name, byte[] Encoding)> SmallOrderWithBothSigns() =>
        SmallOrderEncodings.SelectMany((hex, i) =>
        {
            var plain = Hashes.FromHex(hex);
            var signed = (byte[])plain.Clone();
            signed[31] |= 0x80;
            return new[] { ($"small-order #{i}", plain), ($"small-order #{i} with sign bit", signed) };
        });

    private static void AddSmallOrder(List<Vector> vectors, BigInteger a, byte[] key)
    {
        foreach (var (name, encoding) in SmallOrderWithBothSigns())
        {
            // Small-order A with R = r·B and S = r, for a message whose k kills A's torsion (k ≡ 0 mod 8):
            // [S]B − [k]A = R holds, so only the small-order rule rejects it.
            var message = Grind($"{name} key", m => HashToScalar(Encode(Multiply(7, Base)), encoding, m) % 8 == 0);
            vectors.Add(new($"{name} as public key (equation holds)", encoding, message, [.. Encode(Multiply(7, Base)), .. Bytes(7)], false));

            // Small-order R with S = k·a: [S]B − [k]A is the identity, so R = identity satisfies the equation.
            var msg = "small-order R"u8.ToArray();
            var k = HashToScalar(encoding, key, msg);
            vectors.Add(new($"{name} as R", key, msg, [.. encoding, .. Bytes(k * a % L)], false));
        }
    }

    private static void AddNonCanonicalS(List<Vector> vectors, byte[] key, byte[] message, byte[] good)
    {
        var s = Scalar(good.AsSpan(32));
        foreach (var (name, value) in new[] { ("S + L", s + L), ("S = L", L), ("S + 2L", s + (2 * L)), ("S = 2^256 - 1", (BigInteger.One << 256) - 1) })
        {
            vectors.Add(new(name, key, message, [.. good[..32], .. Bytes(value)], false));
        }
    }

    private static void AddNonCanonicalEncodings(List<Vector> vectors, byte[] key, byte[] message, byte[] good)
    {
        // y + p for the y < 19 that are on the curve (y = 0 and 1 are in the small-order list already).
        for (var y = 2; y < 19; y++)
        {
            foreach (var sign in new[] { 0, 1 })
            {
                if (RecoverX(y, sign) is null)
                {
                    continue;
                }

                var encoding = Bytes(P + y + (sign == 1 ? BigInteger.One << 255 : BigInteger.Zero));
                vectors.Add(new($"non-canonical key y = p + {y}, sign {sign}", encoding, message, good, false));
                vectors.Add(new($"non-canonical R y = p + {y}, sign {sign}", key, message, [.. encoding, .. good[32..]], false));
            }
        }

        var notOnCurve = Enumerable.Range(2, 100).First(y => RecoverX(y, 0) is null);
        vectors.Add(new($"key y = {notOnCurve} not on the curve", Bytes(notOnCurve), message, good, false));
    }

    private static void AddMixedOrder(List<Vector> vectors, BigInteger a, byte[] prefix, byte[] key)
    {
        var mixedKey = Encode(Add(Multiply(a, Base), Torsion8));
        var passes = Grind("mixed key, k ≡ 0", m => ChallengeOf(a, prefix, mixedKey, m) % 8 == 0);
        vectors.Add(new("mixed-order key, k ≡ 0 mod 8 (cofactorless holds)", mixedKey, passes, ReferenceEd25519.Sign(a, prefix, mixedKey, passes), true));
        var fails = Grind("mixed key, k ≢ 0", m => ChallengeOf(a, prefix, mixedKey, m) % 8 != 0);
        vectors.Add(new("mixed-order key, k ≢ 0 mod 8 (cofactored only)", mixedKey, fails, ReferenceEd25519.Sign(a, prefix, mixedKey, fails), false));

        // Mixed-order R = r·B + j·T with prime-order A: [S]B − [k]A = r·B ≠ R.
        var r = HashToScalar(prefix, "mixed R"u8.ToArray());
        var mixedR = Encode(Add(Multiply(r, Base), Torsion8));
        var kR = HashToScalar(mixedR, key, "mixed R"u8.ToArray());
        vectors.Add(new("mixed-order R, prime-order key", key, "mixed R"u8.ToArray(), [.. mixedR, .. Bytes((r + (kR * a)) % L)], false));

        // Mixed key A = a·B + T and mixed R = r·B + j·T with j ≡ −k (mod 8), j ≠ 0: [S]B − [k]A = r·B − k·T = R exactly.
        for (var i = 0; ; i++)
        {
            var m = System.Text.Encoding.UTF8.GetBytes($"mixed R and key {i}");
            for (var j = 1; j < 8; j++)
            {
                var candidate = Encode(Add(Multiply(r, Base), Multiply(j, Torsion8)));
                var k = HashToScalar(candidate, mixedKey, m);
                if ((j + (int)(k % 8)) % 8 == 0)
                {
                    vectors.Add(new("mixed-order R and key (cofactorless holds)", mixedKey, m, [.. candidate, .. Bytes((r + (k * a)) % L)], true));
                    return;
                }
            }
        }
    }

    private static BigInteger ChallengeOf(BigInteger a, byte[] prefix, byte[] publicKey, byte[] message)
    {
        var r = HashToScalar(prefix, message);
        return HashToScalar(Encode(Multiply(r, Base)), publicKey, message);
    }

    private static byte[] Grind(string label, Func<byte[], bool> accept)
    {
        for (var i = 0; ; i++)
        {
            var message = System.Text.Encoding.UTF8.GetBytes($"{label} {i}");
            if (accept(message))
            {
                return message;
            }
        }
    }
}
