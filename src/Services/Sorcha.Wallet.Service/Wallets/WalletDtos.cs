using Sorcha.Cryptography;
using Sorcha.Wallet.Service.Storage;

namespace Sorcha.Wallet.Service.Wallets;

/// <summary>api.md: <c>mnemonic</c> is optional (given only to recover a wallet); JsonIgnore marks it so in the document.</summary>
public sealed record CreateWalletRequest(string? Name, string? Algorithm,
    [property: System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)] string? Mnemonic);

/// <summary>api.md's Wallet.</summary>
public record WalletDto(string Address, string Name, string Algorithm, string PublicKey, string EncryptionPublicKey, DateTimeOffset CreatedAt)
{
    public static WalletDto From(WalletRecord w) => new(w.Address, w.Name, w.Algorithm.ToString(),
        Convert.ToBase64String(w.PublicKey), Convert.ToBase64String(w.EncryptionPublicKey), w.CreatedAt);
}

/// <summary>The creation answer: the wallet plus its mnemonic, the only time it is ever shown.</summary>
public sealed record CreatedWalletDto(
    string Address, string Name, string Algorithm, string PublicKey, string EncryptionPublicKey, DateTimeOffset CreatedAt,
    string? Mnemonic)
    : WalletDto(Address, Name, Algorithm, PublicKey, EncryptionPublicKey, CreatedAt)
{
    public static CreatedWalletDto From(WalletRecord w, string? mnemonic) => new(w.Address, w.Name, w.Algorithm.ToString(),
        Convert.ToBase64String(w.PublicKey), Convert.ToBase64String(w.EncryptionPublicKey), w.CreatedAt, mnemonic);
}

public static class Algorithms
{
    public static bool TryParse(string? value, out SignatureAlgorithm algorithm)
    {
        algorithm = default;
        return value is "ED25519" or "NISTP256" or "RSA4096" && Enum.TryParse(value, out algorithm);
    }

    public const string Allowed = "algorithm must be one of ED25519, NISTP256, RSA4096.";
}
