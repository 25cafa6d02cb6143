using System.Security.Cryptography;
using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.Cryptography;
using Sorcha.Wallet.Service.Storage;
using Sorcha.Wallet.Service.Wallets;

namespace Sorcha.Wallet.Service.Derivation;

/// <summary>
/// Derives a wallet's next account from its sealed seed. The next account is the count of those claimed plus one:
/// its record is created first (listed among the owner's wallets under Limits:Quotas:Wallets), then the account is
/// claimed in one script that also checks Limits:Quotas:DerivedAddresses. Two derivations racing for account n make
/// the same address (derivation is deterministic): one claims n, the other goes on to n + 1. A crash between the two
/// steps leaves a record whose account the next derivation claims.
/// </summary>
public static class DerivedAddresses
{
    /// <summary>Rounds before giving up when concurrent derivations keep taking the next account.</summary>
    private const int Attempts = 16;

    /// <summary>Why this wallet cannot derive addresses (409), or null.</summary>
    public static ProblemHttpResult? Refusal(WalletRecord wallet) => wallet switch
    {
        { Parent: not null } => ApiProblems.Conflict(
            $"'{wallet.Address}' is itself a derived address (account {wallet.Account}); derive from its wallet '{wallet.Parent}'.",
            "Derived address"),
        { Algorithm: SignatureAlgorithm.RSA4096 } => ApiProblems.Conflict(
            "RSA4096 keys are random: an RSA4096 wallet has no seed to derive addresses from.", "No seed"),
        { SealedSeed: null } => ApiProblems.Conflict(
            "This wallet was created before derived addresses existed and keeps no seed. Recover it from its mnemonic " +
            "(delete it, then POST /api/wallets with the mnemonic) to derive addresses.", "No seed"),
        _ => null,
    };

    public static async Task<(WalletRecord? Address, ProblemHttpResult? Problem)> DeriveNextAsync(
        WalletRecord wallet, WalletStore store, KeyEncryptionKey kek, LimitsOptions limits)
    {
        var perWallet = Quota.DerivedAddresses(limits);
        var wallets = Quota.Wallets(limits);
        if (perWallet.IsFull(await store.CountDerivedAsync(wallet.Address)))
        {
            return (null, OverQuota(perWallet));
        }

        // Checked before any key is derived, as a creation is; the store checks again when it reserves the slot.
        if (wallets.IsFull(await store.CountAsync(wallet.Owner)))
        {
            return (null, WalletProblems.OverQuota(wallets));
        }

        var seed = SealedKeys.OpenSeed(kek, wallet);
        try
        {
            for (var attempt = 0; attempt < Attempts; attempt++)
            {
                var account = checked((int)await store.CountDerivedAsync(wallet.Address) + 1);
                var derived = Record(wallet, seed, account, kek);
                var creation = await store.TryCreateAsync(derived, wallets.Limit);
                if (creation == WalletCreation.OverQuota)
                {
                    return (null, WalletProblems.OverQuota(wallets));
                }

                if (creation == WalletCreation.Exists)
                {
                    // Made by a concurrent derivation, or left by one that stopped before its claim: the same keys,
                    // unless another caller holds that address (it recovered the mnemonic and derived first).
                    var existing = await store.GetAsync(derived.Address);
                    if (existing is null)
                    {
                        // Discarded since: its derivation met the per-wallet quota. Count again; this one meets it too.
                        continue;
                    }

                    if (existing.Owner != wallet.Owner || existing.Parent != wallet.Address)
                    {
                        return (null, ApiProblems.Conflict($"Account {account} of this wallet, '{derived.Address}', exists already as another wallet."));
                    }

                    derived = existing;
                }

                switch (await store.ClaimAccountAsync(wallet.Address, account, derived.Address, perWallet.Limit))
                {
                    case AccountClaim.Claimed:
                        return (derived, null);
                    case AccountClaim.OverQuota:
                        if (creation == WalletCreation.Created)
                        {
                            await store.DiscardAsync(derived);
                        }

                        return (null, OverQuota(perWallet));
                }
            }

            return (null, ApiProblems.Conflict("Other derivations of this wallet kept taking the next account; try again.", "Concurrent change"));
        }
        finally
        {
            CryptographicOperations.ZeroMemory(seed);
        }
    }

    private static WalletRecord Record(WalletRecord wallet, byte[] seed, int account, KeyEncryptionKey kek)
    {
        var keys = WalletKeyDerivation.FromSeed(wallet.Algorithm, seed, account);
        try
        {
            var address = keys.Address;
            var suffix = $" #{account}";
            var name = wallet.Name[..Math.Min(wallet.Name.Length, WalletsApi.MaxNameLength - suffix.Length)] + suffix;
            return new WalletRecord(address, wallet.Owner, name, wallet.Algorithm, keys.Signing.PublicKey, keys.Encryption.PublicKey,
                DateTimeOffset.UtcNow, SealedKeys.Seal(kek, address, keys), Parent: wallet.Address, Account: account);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(keys.Signing.PrivateKey);
            CryptographicOperations.ZeroMemory(keys.Encryption.PrivateKey);
        }
    }

    private static ProblemHttpResult OverQuota(Quota quota) =>
        quota.Refusal("This wallet has as many derived addresses as one wallet may", "Derived addresses go only with their wallet.");
}
