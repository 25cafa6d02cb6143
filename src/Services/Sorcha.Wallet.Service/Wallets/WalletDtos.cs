using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.Wallet.Service.Storage;

namespace Sorcha.Wallet.Service.Wallets;

/// <summary>A stored wallet as the contract's answers show it (Sorcha.Contracts.Wallets): public parts only.</summary>
internal static class WalletDtos
{
    public static WalletDto From(WalletRecord w) => new(w.Address, w.Name, w.Algorithm, w.PublicKey, w.EncryptionPublicKey, w.CreatedAt,
        w.Tags ?? WalletTags.None, w.Parent, w.Account);

    public static CreatedWalletDto Created(WalletRecord w, string? mnemonic) => new(w.Address, w.Name, w.Algorithm, w.PublicKey,
        w.EncryptionPublicKey, w.CreatedAt, w.Tags ?? WalletTags.None, mnemonic);
}

/// <summary>The algorithm names a request may give: exactly <see cref="SignatureAlgorithm"/>'s, case-sensitive.</summary>
public static class Algorithms
{
    public static bool TryParse(string? value, out SignatureAlgorithm algorithm)
    {
        algorithm = default;
        return value is "ED25519" or "NISTP256" or "RSA4096" && Enum.TryParse(value, out algorithm);
    }

    public const string Allowed = "algorithm must be one of ED25519, NISTP256, RSA4096.";
}
