extern alias register;
extern alias transaction;

using Sorcha.AppHost;
using Sorcha.Testing.InProcess;

namespace Sorcha.Register.Service.Tests;

/// <summary>
/// The Register and Transaction services in process on one Redis, with the settings the AppHost gives them: the
/// register-kek to the Register service, the Blueprint service's token key to the Transaction service.
/// </summary>
public sealed class LedgerServices : ServiceHost
{
    protected override void StartServices(IReadOnlyDictionary<string, string> common)
    {
        Start<register::Program>("register", ["/api/registers"], new Dictionary<string, string>(common)
        {
            ["Register:KeyEncryptionKey"] = SorchaApp.GenerateSecret(),
        });
        Start<transaction::Program>("transaction", ["/api/transactions"], new Dictionary<string, string>(common)
        {
            ["Authentication:Service:SigningKey"] = SorchaApp.GenerateSecret(),
        });
    }
}

[CollectionDefinition(Name)]
public sealed class LedgerScope : ICollectionFixture<LedgerServices>
{
    public const string Name = "ledger services";
}
