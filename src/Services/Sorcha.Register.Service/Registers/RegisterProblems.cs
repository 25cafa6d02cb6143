using Microsoft.AspNetCore.Http.HttpResults;
using Sorcha.ServiceDefaults.Problems;

namespace Sorcha.Register.Service.Registers;

public static class RegisterProblems
{
    public static ProblemHttpResult NotFound(string id) => ApiProblems.NotFound($"No register has the id '{id}'.", "Register not found");

    public static ProblemHttpResult TransactionNotFound(string id, string txId) =>
        ApiProblems.NotFound($"Register '{id}' has no transaction with the txId '{txId}'.", "Transaction not found");
}
