using System.Diagnostics.Metrics;
using Sorcha.Wallet.Service.Signing;

namespace Sorcha.Wallet.Service.Access;

/// <summary>Delegation in metrics (docs/observability.md), on the Wallet service's meter.</summary>
public static class AccessTelemetry
{
    /// <summary>Tag: what the delegate did (read, sign, prepare-transaction, encrypt, decrypt).</summary>
    public const string OperationTag = "sorcha.wallet.operation";

    public static readonly Counter<long> DelegatedUses = SigningTelemetry.Meter.CreateCounter<long>("sorcha.wallet.delegated_uses",
        "{use}", "Uses of a wallet by a delegate (not its owner) under a grant, by operation.");

    internal static void DelegateUsed(WalletUse use) => DelegatedUses.Add(1, new KeyValuePair<string, object?>(OperationTag, use.Name()));
}
