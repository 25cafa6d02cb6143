using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>ECIES-P256-HKDF-SHA256-AES256GCM: BCL ECDH, the shared secret being the x coordinate.</summary>
internal static class P256Ecies
{
    public static byte[] Encapsulate(ReadOnlySpan<byte> recipientPublicKey, Span<byte> key)
    {
        if (!P256Curve.IsValidPublicKey(recipientPublicKey))
        {
            throw new ArgumentException("A P-256 encryption public key is an uncompressed SEC1 point on the curve.", nameof(recipientPublicKey));
        }

        using var ephemeral = ECDiffieHellman.Create(ECCurve.NamedCurves.nistP256);
        using var recipient = ECDiffieHellman.Create(P256Signing.PublicParameters(recipientPublicKey));
        var ephemeralPublic = P256Signing.ToSec1(ephemeral.ExportParameters(includePrivateParameters: false).Q);
        var shared = ephemeral.DeriveRawSecretAgreement(recipient.PublicKey);
        try
        {
            EnvelopeCipher.DeriveKey(shared, ephemeralPublic, recipientPublicKey, key);
            return ephemeralPublic;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(shared);
        }
    }

    public static void Decapsulate(byte[] ephemeralPublicKey, ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> publicKey, Span<byte> key)
    {
        if (!P256Curve.IsValidPublicKey(ephemeralPublicKey))
        {
            throw new CryptographicException("The envelope's ephemeral key is not an uncompressed P-256 point on the curve.");
        }

        if (!P256Curve.IsValidScalar(privateKey) || !P256Curve.IsValidPublicKey(publicKey)
            || !CryptographicOperations.FixedTimeEquals(P256Signing.PublicKeyFromPrivate(privateKey), publicKey))
        {
            throw new CryptographicException("The recipient P-256 encryption keys are malformed or do not belong together.");
        }

        var parameters = P256Signing.PublicParameters(publicKey);
        parameters.D = privateKey.ToArray();
        try
        {
            using var recipient = ECDiffieHellman.Create(parameters);
            using var ephemeral = ECDiffieHellman.Create(P256Signing.PublicParameters(ephemeralPublicKey));
            var shared = recipient.DeriveRawSecretAgreement(ephemeral.PublicKey);
            EnvelopeCipher.DeriveKey(shared, ephemeralPublicKey, publicKey, key);
            CryptographicOperations.ZeroMemory(shared);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(parameters.D);
        }
    }
}
