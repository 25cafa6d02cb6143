using Sorcha.ApiPlatform.Secrets;

namespace Sorcha.Wallet.Service.Storage;

public static class StorageSetup
{
    public static void AddWalletStorage(this WebApplicationBuilder builder)
    {
        KeyEncryptionKey.AddKeyEncryptionKey(builder, "Wallet");
        builder.Services.AddOptions<RecordLeasesOptions>().Bind(builder.Configuration.GetSection(RecordLeasesOptions.Section))
            .ValidateDataAnnotations().ValidateOnStart();
        builder.Services.AddSingleton<RecordLeases>();
        builder.Services.AddSingleton<WalletStore>();
        builder.Services.AddHostedService<DeletedWallets>();
    }
}
