extern alias wallet;

using Sorcha.AppHost;
using Sorcha.Testing.InProcess;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>The Wallet service in process, with a key-encryption key of its own as the AppHost's wallet-kek parameter gives it.</summary>
public sealed class WalletService : ServiceHost
{
    protected override void StartServices(IReadOnlyDictionary<string, string> common) =>
        Start<wallet::Program>("wallet", ["/api/wallets"], new Dictionary<string, string>(common)
        {
            ["Wallet:KeyEncryptionKey"] = SorchaApp.GenerateSecret(),
        });
}

[CollectionDefinition(Name)]
public sealed class WalletScope : ICollectionFixture<WalletService>
{
    public const string Name = "wallet service";
}
