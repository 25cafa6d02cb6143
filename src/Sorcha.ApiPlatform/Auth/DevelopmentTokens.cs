using System.Security.Cryptography;
using System.Text;
using Microsoft.IdentityModel.Tokens;

namespace Sorcha.ApiPlatform.Auth;

/// <summary>
/// Development tokens: HS256 JWTs whose key is derived from the AppHost's dev-client-secret, so the gateway can issue
/// them and every service can check them without sharing the secret itself.
/// </summary>
public static class DevelopmentTokens
{
    public const string Issuer = "sorcha-development";
    public const string Audience = "sorcha";
    public const string SigningKeyConfigKey = "Authentication:Development:SigningKey";

    public static byte[] DeriveSigningKey(string clientSecret) =>
        HKDF.DeriveKey(HashAlgorithmName.SHA256, Encoding.UTF8.GetBytes(clientSecret), 32,
            salt: [], info: Encoding.UTF8.GetBytes("sorcha/v1/dev-token-signing"));

    public static SymmetricSecurityKey SecurityKey(byte[] signingKey) => new(signingKey) { KeyId = "sorcha-dev" };
}

/// <summary>The "Authentication:Development" section: the development-token key (base64), Development only.</summary>
public sealed class DevelopmentTokenOptions
{
    public const string Section = "Authentication:Development";

    public string? SigningKey { get; set; }
}
