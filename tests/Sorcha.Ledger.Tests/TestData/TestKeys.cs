using System.Collections.Concurrent;
using Sorcha.Cryptography;

namespace Sorcha.Ledger.Tests.TestData;

/// <summary>Key pairs made once per test run (RSA ones are fixed, see <see cref="RsaTestKeys"/>).</summary>
internal static class TestKeys
{
    private static readonly ConcurrentDictionary<(SignatureAlgorithm, int), KeyPair> Keys = new();

    public static KeyPair For(SignatureAlgorithm algorithm, int index = 0) =>
        Keys.GetOrAdd((algorithm, index), k => k.Item1 == SignatureAlgorithm.RSA4096 ? FixedRsa(k.Item2) : Signatures.Generate(k.Item1));

    private static KeyPair FixedRsa(int index)
    {
        var privateKey = Convert.FromBase64String(RsaTestKeys.Pkcs8[index]);
        return new KeyPair(privateKey, Signatures.PublicKeyFromPrivate(SignatureAlgorithm.RSA4096, privateKey));
    }

    /// <summary>The register's Ed25519 docket-signing key.</summary>
    public static KeyPair Register => For(SignatureAlgorithm.ED25519, 99);

    public static SignatureAlgorithm[] Algorithms => [SignatureAlgorithm.ED25519, SignatureAlgorithm.NISTP256, SignatureAlgorithm.RSA4096];
}
