namespace Sorcha.Wallet.Service.Signing;

public static class OpenKeysSetup
{
    /// <summary><see cref="OpenKeys"/> with its options, validated at start (deletions on other replicas: Storage/DeletedWallets).</summary>
    public static void AddOpenKeys(this WebApplicationBuilder builder)
    {
        builder.Services.AddOptions<OpenKeysOptions>().Bind(builder.Configuration.GetSection(OpenKeysOptions.Section))
            .ValidateDataAnnotations().ValidateOnStart();
        builder.Services.AddSingleton<OpenKeys>();
    }
}
