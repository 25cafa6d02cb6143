using Sorcha.ServiceDefaults.Secrets;

namespace Sorcha.Wallet.Service.Storage;

public static class StorageSetup
{
    public static void AddWalletStorage(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton(_ => KeyEncryptionKey.FromConfiguration(builder.Configuration, "Wallet:KeyEncryptionKey"));
        builder.Services.AddSingleton<WalletStore>();
    }
}
