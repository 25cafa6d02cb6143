using Microsoft.AspNetCore.Http.HttpResults;

namespace Sorcha.Register.Service.Registers;

public static class RegisterProblems
{
    public static ProblemHttpResult NotFound(string id) => TypedResults.Problem(
        $"No register has the id '{id}'.", statusCode: StatusCodes.Status404NotFound, title: "Register not found");

    public static ProblemHttpResult TransactionNotFound(string id, string txId) => TypedResults.Problem(
        $"Register '{id}' has no transaction with the txId '{txId}'.", statusCode: StatusCodes.Status404NotFound,
        title: "Transaction not found");
}
