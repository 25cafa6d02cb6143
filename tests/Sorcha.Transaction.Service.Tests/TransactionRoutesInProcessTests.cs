using Sorcha.Testing.BadInput;
using Sorcha.Testing.BadInput.Routes;

namespace Sorcha.Transaction.Service.Tests;

/// <summary>
/// Every transaction route fed bad input, straight at the Transaction service; the register routes' cases run against
/// the Register service (Sorcha.Register.Service.Tests), the gateway's own token checks cross-process.
/// </summary>
[Collection(TransactionScope.Name)]
public sealed class TransactionRoutesInProcessTests(TransactionServices services) : RegisterAndTransactionRoutesSuite(services)
{
    private static readonly CaseTable Cases = All.Where(c => !c.IsGatewayTokenCase && IsTransactionRoute(c));

    protected override CaseTable Table => Cases;

    public static TheoryData<string> Names() => Cases.Names();

    [Theory]
    [MemberData(nameof(Names))]
    public Task Refused_with_a_problem_and_nothing_changes(string name) => RunAsync(name);
}
