using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>Every scenario the harness knows, in performance.md's order of the twelve.</summary>
public static class Catalog
{
    public static Scenario[] All() =>
    [
        new HealthCheck(), new ExecutionHelpers(), new WalletRead(), new WalletSign(), new WalletEncryptDecrypt(),
        new RegisterRead(), new TransactionSubmission(),
    ];
}
