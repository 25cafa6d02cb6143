using System.Security.Cryptography;

namespace Sorcha.Cryptography;

/// <summary>RSASSA-PSS with SHA-256; the BCL's PSS salt is the hash length, i.e. the contract's 32 bytes.</summary>
internal static class RsaPssSigning
{
    public const int KeySizeBits = 4096;
    public const int SignatureSize = KeySizeBits / 8;

    public static KeyPair Generate()
    {
        using var rsa = RSA.Create(KeySizeBits);
        return new KeyPair(rsa.ExportPkcs8PrivateKey(), rsa.ExportSubjectPublicKeyInfo());
    }

    public static byte[] Sign(ReadOnlySpan<byte> privateKey, ReadOnlySpan<byte> data)
    {
        using var rsa = ImportPrivate(privateKey);
        return rsa.SignData(data.ToArray(), HashAlgorithmName.SHA256, RSASignaturePadding.Pss);
    }

    public static bool Verify(ReadOnlySpan<byte> publicKey, ReadOnlySpan<byte> data, ReadOnlySpan<byte> signature)
    {
        if (signature.Length != SignatureSize)
        {
            return false;
        }

        using var rsa = TryImportPublic(publicKey);
        try
        {
            return rsa is not null && rsa.VerifyData(data, signature, HashAlgorithmName.SHA256, RSASignaturePadding.Pss);
        }
        catch (CryptographicException)
        {
            return false;
        }
    }

    public static byte[] PublicKeyFromPrivate(ReadOnlySpan<byte> privateKey)
    {
        using var rsa = ImportPrivate(privateKey);
        return rsa.ExportSubjectPublicKeyInfo();
    }

    public static bool IsValidPublicKey(ReadOnlySpan<byte> publicKey)
    {
        using var rsa = TryImportPublic(publicKey);
        return rsa is not null;
    }

    /// <summary>Imports a PKCS#8 RSA-4096 key; anything else is an <see cref="ArgumentException"/>.</summary>
    public static RSA ImportPrivate(ReadOnlySpan<byte> privateKey)
    {
        var rsa = RSA.Create();
        try
        {
            rsa.ImportPkcs8PrivateKey(privateKey, out var read);
            if (read != privateKey.Length || rsa.KeySize != KeySizeBits)
            {
                throw new ArgumentException("An RSA4096 private key is a PKCS#8 DER RSA key of 4096 bits.", nameof(privateKey));
            }

            return rsa;
        }
        catch (CryptographicException e)
        {
            rsa.Dispose();
            throw new ArgumentException("An RSA4096 private key is a PKCS#8 DER RSA key of 4096 bits.", nameof(privateKey), e);
        }
        catch
        {
            rsa.Dispose();
            throw;
        }
    }

    /// <summary>Imports a SubjectPublicKeyInfo RSA-4096 key with nothing trailing it, or returns null.</summary>
    public static RSA? TryImportPublic(ReadOnlySpan<byte> publicKey)
    {
        var rsa = RSA.Create();
        try
        {
            rsa.ImportSubjectPublicKeyInfo(publicKey, out var read);
            if (read == publicKey.Length && rsa.KeySize == KeySizeBits)
            {
                return rsa;
            }
        }
        catch (CryptographicException)
        {
        }

        rsa.Dispose();
        return null;
    }
}
