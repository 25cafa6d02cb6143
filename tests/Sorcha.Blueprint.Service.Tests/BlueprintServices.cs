extern alias blueprint;
extern alias register;
extern alias transaction;
extern alias wallet;

using Sorcha.AppHost;
using Sorcha.Testing.InProcess;

namespace Sorcha.Blueprint.Service.Tests;

/// <summary>
/// The Blueprint service in process, and the services it calls (Wallet, Register, Transaction) beside it on one Redis,
/// each with the settings the AppHost gives it; the Blueprint service reaches them by services:{name}:http:0.
/// </summary>
public class BlueprintServices : ServiceHost
{
    /// <summary>Settings every service gets on top of the AppHost's (e.g. low Limits:Quotas:* for the quota tests).</summary>
    protected virtual IReadOnlyDictionary<string, string> Settings { get; } = new Dictionary<string, string>();

    protected override void StartServices(IReadOnlyDictionary<string, string> common)
    {
        common = common.Concat(Settings).ToDictionary();
        var serviceKey = SorchaApp.GenerateSecret();
        var downstream = new Dictionary<string, string>
        {
            ["services:wallet:http:0"] = Start<wallet::Program>("wallet", ["/api/wallets"], With(common, "Wallet:KeyEncryptionKey", SorchaApp.GenerateSecret())).ToString(),
            ["services:register:http:0"] = Start<register::Program>("register", ["/api/registers"], With(common, "Register:KeyEncryptionKey", SorchaApp.GenerateSecret())).ToString(),
            ["services:transaction:http:0"] = Start<transaction::Program>("transaction", ["/api/transactions"], With(common, "Authentication:Service:SigningKey", serviceKey)).ToString(),
        };
        Start<blueprint::Program>("blueprint", ["/api/blueprints", "/api/execution", "/api/instances", "/api/inbox", "/api/templates"],
            new Dictionary<string, string>(With(common, "Authentication:Service:SigningKey", serviceKey)).Concat(downstream).ToDictionary());
    }

    private static Dictionary<string, string> With(IReadOnlyDictionary<string, string> common, string key, string value) =>
        new(common) { [key] = value };
}

[CollectionDefinition(Name)]
public sealed class BlueprintScope : ICollectionFixture<BlueprintServices>
{
    public const string Name = "blueprint services";
}
