using Sorcha.Registers.Store;
using Sorcha.ServiceDefaults.Secrets;

namespace Sorcha.Register.Service.Storage;

public static class StorageSetup
{
    public static void AddRegisterStorage(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton(_ => KeyEncryptionKey.FromConfiguration(builder.Configuration, "Register:KeyEncryptionKey"));
        builder.Services.AddSingleton<RegisterStore>();
    }
}
