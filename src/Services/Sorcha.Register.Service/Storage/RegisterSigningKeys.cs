using System.Text;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.Cryptography;
using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Storage;

/// <summary>
/// A register's Ed25519 docket-signing key at rest: AES-256-GCM under Register:KeyEncryptionKey, with the register id
/// as associated data so a sealed key cannot be moved to another register.
/// </summary>
public static class RegisterSigningKeys
{
    public static byte[] Seal(KeyEncryptionKey kek, string registerId, byte[] privateKey) =>
        KeyProtection.Seal(kek.Key, privateKey, AssociatedData(registerId));

    /// <summary>The private key; callers zero it when done.</summary>
    public static byte[] Open(KeyEncryptionKey kek, RegisterRecord register) =>
        KeyProtection.Open(kek.Key, register.SealedSigningKey, AssociatedData(register.Id));

    private static byte[] AssociatedData(string registerId) => Encoding.UTF8.GetBytes("sorcha/v1/register-key/" + registerId);
}
