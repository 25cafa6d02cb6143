extern alias register;
extern alias transaction;

using Sorcha.AppHost;
using Sorcha.Testing.InProcess;

namespace Sorcha.Register.Service.Tests;

/// <summary>
/// The Register service in process, and beside it on one Redis the Transaction service that commits what the register
/// reads return, each with the settings the AppHost gives it: the register-kek to the Register service, the Blueprint
/// service's token key to the Transaction service.
/// </summary>
public sealed class RegisterServices : ServiceHost
{
    /// <summary>The register-kek the Register service seals docket keys with (the store-level tests open them too).</summary>
    public string RegisterKeyEncryptionKey { get; } = SorchaApp.GenerateSecret();

    protected override void StartServices(IReadOnlyDictionary<string, string> common)
    {
        Start<register::Program>("register", ["/api/registers"], new Dictionary<string, string>(common)
        {
            ["Register:KeyEncryptionKey"] = RegisterKeyEncryptionKey,
        });
        Start<transaction::Program>("transaction", ["/api/transactions"], new Dictionary<string, string>(common)
        {
            ["Authentication:Service:SigningKey"] = SorchaApp.GenerateSecret(),
        });
    }
}

[CollectionDefinition(Name)]
public sealed class RegisterScope : ICollectionFixture<RegisterServices>
{
    public const string Name = "register services";
}
