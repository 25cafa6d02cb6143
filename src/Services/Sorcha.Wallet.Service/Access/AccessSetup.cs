namespace Sorcha.Wallet.Service.Access;

public static class AccessSetup
{
    public static void AddWalletAccess(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton<AccessStore>();
        builder.Services.AddSingleton<WalletAccess>();
    }
}
