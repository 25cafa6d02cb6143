using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ApiPlatform.Limits;
using Sorcha.ApiPlatform.Problems;

namespace Sorcha.Wallet.Service.Wallets;

public static class WalletProblems
{
    /// <summary>Unknown and someone else's wallet look the same, so a caller learns nothing about other callers.</summary>
    public static ProblemHttpResult NotFound(string address) =>
        ApiProblems.NotFound($"You have no wallet with address '{address}'.", "Wallet not found");

    public static ProblemHttpResult OverQuota(Quota quota) =>
        quota.Refusal("You own as many wallets as one caller may", "Delete one to create another.");
}
