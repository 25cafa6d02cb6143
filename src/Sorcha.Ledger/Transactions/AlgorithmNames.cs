using System.Diagnostics.CodeAnalysis;
using Sorcha.Cryptography;

namespace Sorcha.Ledger.Transactions;

/// <summary>The wire names of signature algorithms; exact and case-sensitive, as the contract spells them.</summary>
public static class AlgorithmNames
{
    public static bool TryParse([NotNullWhen(true)] string? name, out SignatureAlgorithm algorithm)
    {
        algorithm = name switch
        {
            "ED25519" => SignatureAlgorithm.ED25519,
            "NISTP256" => SignatureAlgorithm.NISTP256,
            "RSA4096" => SignatureAlgorithm.RSA4096,
            _ => 0,
        };
        return algorithm != 0;
    }

    public static string ToName(SignatureAlgorithm algorithm) => algorithm switch
    {
        SignatureAlgorithm.ED25519 => "ED25519",
        SignatureAlgorithm.NISTP256 => "NISTP256",
        SignatureAlgorithm.RSA4096 => "RSA4096",
        _ => throw new ArgumentOutOfRangeException(nameof(algorithm)),
    };
}
