using System.Security.Cryptography;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>Wallets seeded in InitAsync (never made-up ids); every step checks what came back.</summary>
public abstract class WalletScenario : LoadScenario
{
    protected SorchaClient Client { get; private set; } = null!;
    protected WalletDto Wallet { get; private set; } = null!;

    protected override async Task InitOnceAsync(LoadContext context, CancellationToken ct)
    {
        Client = await CallerAsync(context, "load-" + Name, ct);
        Wallet = await Client.Wallets.CreateAsync(Name, SignatureAlgorithm.ED25519, ct);
    }
}

/// <summary>GET a seeded wallet; OK only for the address asked for, with its public key.</summary>
public sealed class WalletRead : WalletScenario
{
    public override string Name => "wallet_read";
    public override double DefaultRate => 25;

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var wallet = await Client.Wallets.GetAsync(Wallet.Address, ct);
        return Expect(wallet.Address == Wallet.Address && wallet.PublicKey.AsSpan().SequenceEqual(Wallet.PublicKey), "wallet: another address or key");
    }
}

/// <summary>Signs 32 random bytes (a txId's size); OK only when the signature verifies on the client.</summary>
public sealed class WalletSign : WalletScenario
{
    public override string Name => "wallet_sign";
    public override double DefaultRate => 30;

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var data = RandomNumberGenerator.GetBytes(32);
        var signed = await Client.Wallets.SignAsync(Wallet.Address, data, ct);
        return Expect(Signatures.Verify(SignatureAlgorithm.ED25519, Wallet.PublicKey, data, signed.Signature), "sign: the signature does not verify");
    }
}

/// <summary>Encrypts to a second seeded wallet, decrypts as it, and compares the bytes.</summary>
public sealed class WalletEncryptDecrypt : WalletScenario
{
    private WalletDto _recipient = null!;

    public override string Name => "wallet_encrypt_decrypt";
    public override double DefaultRate => 20;

    protected override async Task InitOnceAsync(LoadContext context, CancellationToken ct)
    {
        await base.InitOnceAsync(context, ct);
        _recipient = await Client.Wallets.CreateAsync(Name + " recipient", SignatureAlgorithm.ED25519, ct);
    }

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var data = RandomNumberGenerator.GetBytes(256);
        var envelope = await Client.Wallets.EncryptAsync(Wallet.Address, _recipient.Address, data, ct);
        var opened = await Client.Wallets.DecryptAsync(_recipient.Address, envelope, ct);
        return Expect(opened.AsSpan().SequenceEqual(data), "decrypt: not the bytes encrypted");
    }
}
