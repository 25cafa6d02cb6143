using Sorcha.ApiPlatform.Api;
using Sorcha.Cryptography;
using Sorcha.Registers.Store;

namespace Sorcha.Register.Service.Transactions;

/// <summary>
/// <c>?wallet&amp;blueprintId&amp;instanceId</c>: <c>wallet</c> a wallet address (bech32m, hrp "ws"), the others 1 to
/// <see cref="TransactionIndex.MaxValueLength"/> characters (nothing longer is ever indexed). A given but empty value is
/// an error rather than "no filter", so a client that dropped a value by mistake is told.
/// </summary>
public static class TransactionFilterQuery
{
    public static TransactionFilter Read(string? wallet, string? blueprintId, string? instanceId, FieldErrors errors)
    {
        if (wallet is not null && !Addresses.TryParse(wallet, out _, out _))
        {
            errors.Add("wallet", "wallet must be a wallet address (bech32m, hrp \"ws\", lowercase).");
        }

        Value("blueprintId", blueprintId, errors);
        Value("instanceId", instanceId, errors);
        return new TransactionFilter(wallet, blueprintId, instanceId);
    }

    private static void Value(string name, string? value, FieldErrors errors)
    {
        if (value is { Length: 0 or > TransactionIndex.MaxValueLength })
        {
            errors.Add(name, $"{name} must be 1 to {TransactionIndex.MaxValueLength} characters.");
        }
    }
}
