using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>
/// Every scenario the harness knows, in performance.md's order of the twelve. mixed_workload and stress_test compose
/// the same objects as the single scenarios, so their data is made once even when all of them run together.
/// </summary>
public static class Catalog
{
    public static Scenario[] All()
    {
        var health = new HealthCheck();
        var blueprintRead = new BlueprintRead();
        var blueprintWrite = new BlueprintWrite();
        var action = new ActionSubmission();
        var execution = new ExecutionHelpers();
        var walletRead = new WalletRead();
        var walletSign = new WalletSign();
        var encryptDecrypt = new WalletEncryptDecrypt();
        var registerRead = new RegisterRead();
        var transaction = new TransactionSubmission();
        var mixed = MixedWorkload.ReadsHeavy(health, blueprintRead, blueprintWrite, action, execution, walletRead, walletSign,
            encryptDecrypt, registerRead, transaction);
        return
        [
            health, blueprintRead, blueprintWrite, action, execution, walletRead, walletSign, encryptDecrypt, registerRead,
            transaction, mixed, new StressTest(mixed),
        ];
    }
}
