using Microsoft.AspNetCore.Http.HttpResults;

namespace Sorcha.Wallet.Service.Wallets;

public static class WalletProblems
{
    /// <summary>Unknown and someone else's wallet look the same, so a caller learns nothing about other callers.</summary>
    public static ProblemHttpResult NotFound(string address) => TypedResults.Problem(
        $"You have no wallet with address '{address}'.", statusCode: StatusCodes.Status404NotFound, title: "Wallet not found");

    /// <summary>Well-formed but refused: a tampered or mis-addressed envelope, a scheme that does not fit the wallet.</summary>
    public static ProblemHttpResult Unprocessable(string detail) => TypedResults.Problem(
        detail, statusCode: StatusCodes.Status422UnprocessableEntity, title: "Request refused");
}
