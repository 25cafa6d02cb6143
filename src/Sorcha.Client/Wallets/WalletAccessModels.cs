using Sorcha.Cryptography;

namespace Sorcha.Client;

/// <summary>The rights a wallet's owner grants (docs/wallets.md, "Wallet access"): <see cref="Sign"/> includes <see cref="Read"/>.</summary>
public static class WalletRights
{
    public const string Read = "read";
    public const string Sign = "sign";
}

/// <summary>PUT /api/wallets/{address}/access/{subject}; without <see cref="ExpiresAt"/> the grant lasts until revoked.</summary>
public sealed record GrantAccessRequest(string Rights, DateTimeOffset? ExpiresAt = null);

/// <summary>One grant of a wallet, as its owner lists it.</summary>
public sealed record WalletGrant(string Subject, string Rights, DateTimeOffset GrantedAt, DateTimeOffset? ExpiresAt);

/// <summary>A wallet another caller granted this caller access to, with the rights and expiry of the grant.</summary>
public sealed record DelegatedWallet(
    string Address, string Name, SignatureAlgorithm Algorithm, byte[] PublicKey, byte[] EncryptionPublicKey, DateTimeOffset CreatedAt,
    string Rights, DateTimeOffset? ExpiresAt)
    : Wallet(Address, Name, Algorithm, PublicKey, EncryptionPublicKey, CreatedAt);
