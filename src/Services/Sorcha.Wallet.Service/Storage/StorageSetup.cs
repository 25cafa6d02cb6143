using Sorcha.ServiceDefaults.Secrets;

namespace Sorcha.Wallet.Service.Storage;

public static class StorageSetup
{
    public static void AddWalletStorage(this WebApplicationBuilder builder)
    {
        KeyEncryptionKey.AddKeyEncryptionKey(builder, "Wallet");
        builder.Services.AddSingleton<WalletStore>();
    }
}
