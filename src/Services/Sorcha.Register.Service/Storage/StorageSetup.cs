using Sorcha.ApiPlatform.Secrets;
using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Storage;

public static class StorageSetup
{
    public static void AddRegisterStorage(this WebApplicationBuilder builder)
    {
        KeyEncryptionKey.AddKeyEncryptionKey(builder, "Register");
        builder.Services.AddSingleton<RegisterStore>();
    }
}
