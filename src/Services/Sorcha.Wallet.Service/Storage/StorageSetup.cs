namespace Sorcha.Wallet.Service.Storage;

public static class StorageSetup
{
    public static void AddWalletStorage(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton<KeyEncryptionKey>();
        builder.Services.AddSingleton<WalletStore>();
    }
}
