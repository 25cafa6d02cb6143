namespace Sorcha.Cryptography;

/// <summary>Envelope scheme names, one per wallet algorithm.</summary>
public static class EnvelopeSchemes
{
    public const string X25519 = "ECIES-X25519-HKDF-SHA256-AES256GCM";
    public const string P256 = "ECIES-P256-HKDF-SHA256-AES256GCM";
    public const string RsaOaep = "RSA-OAEP-SHA256-AES256GCM";

    public static string For(SignatureAlgorithm algorithm) => algorithm switch
    {
        SignatureAlgorithm.ED25519 => X25519,
        SignatureAlgorithm.NISTP256 => P256,
        SignatureAlgorithm.RSA4096 => RsaOaep,
        _ => throw Signatures.UnknownAlgorithm(algorithm),
    };
}
