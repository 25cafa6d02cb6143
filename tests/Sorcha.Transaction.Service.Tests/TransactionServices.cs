extern alias register;
extern alias transaction;

using Sorcha.AppHost;
using Sorcha.Testing.InProcess;

namespace Sorcha.Transaction.Service.Tests;

/// <summary>
/// The Transaction service in process, and beside it on one Redis the Register service that creates the registers it
/// commits into, each with the settings the AppHost gives it: the Blueprint service's token key to the Transaction
/// service, the register-kek to the Register service.
/// </summary>
public class TransactionServices : ServiceHost
{
    protected override void StartServices(IReadOnlyDictionary<string, string> common)
    {
        Start<transaction::Program>("transaction", ["/api/transactions"], new Dictionary<string, string>(common)
        {
            ["ConnectionStrings:redis"] = TransactionRedis(common["ConnectionStrings:redis"]),
            ["Authentication:Service:SigningKey"] = SorchaApp.GenerateSecret(),
        });
        Start<register::Program>("register", ["/api/registers"], new Dictionary<string, string>(common)
        {
            ["Register:KeyEncryptionKey"] = SorchaApp.GenerateSecret(),
        });
    }

    /// <summary>The Redis connection string the Transaction service is given: the shared Redis, here.</summary>
    protected virtual string TransactionRedis(string redis) => redis;
}

[CollectionDefinition(Name)]
public sealed class TransactionScope : ICollectionFixture<TransactionServices>
{
    public const string Name = "transaction services";
}
