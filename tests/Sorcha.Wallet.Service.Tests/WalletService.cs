extern alias wallet;

using Sorcha.AppHost;
using Sorcha.Testing.InProcess;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>The Wallet service in process, with a key-encryption key of its own as the AppHost's wallet-kek parameter gives it.</summary>
public sealed class WalletService : ServiceHost<wallet::Program>
{
    protected override IReadOnlyDictionary<string, string> ServiceSettings { get; } = new Dictionary<string, string>
    {
        ["Wallet:KeyEncryptionKey"] = SorchaApp.GenerateSecret(),
    };
}

[CollectionDefinition(Name)]
public sealed class WalletScope : ICollectionFixture<WalletService>
{
    public const string Name = "wallet service";
}
